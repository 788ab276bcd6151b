/** How a list can be sorted: by its date either way, or by its amount, largest first. */
export const listOrders = ['newest', 'oldest', 'largest'] as const;
export type ListOrder = (typeof listOrders)[number];
