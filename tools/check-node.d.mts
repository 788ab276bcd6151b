/** The sentence for a Node older than `>=M.m`, or null when it is recent enough (tools/check-node.mjs). */
export declare function nodeProblem(version: string, range: string): string | null;
