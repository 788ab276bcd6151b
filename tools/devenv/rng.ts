/** mulberry32: small, fast and deterministic, so the demo seed and the bench make the same data every run. */
export class Rng {
  constructor(private s: number) {}
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = Math.imul(this.s ^ (this.s >>> 15), 1 | this.s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  str(len: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < len; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let r = this.next() * weights.reduce((a, b) => a + b, 0);
    for (const [k, w] of weights.entries()) if ((r -= w) < 0) return items[k] as T;
    return items[items.length - 1] as T;
  }
  /** Log-uniform: real amounts cluster low with a long tail. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }
}
