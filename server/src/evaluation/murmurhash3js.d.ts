// murmurhash3js ships no types; only the x86 32-bit hash is used (hashing.ts).
declare module 'murmurhash3js' {
  interface X86 {
    hash32(key: string, seed?: number): number;
  }
  const murmurhash3js: { x86: X86 };
  export default murmurhash3js;
}
