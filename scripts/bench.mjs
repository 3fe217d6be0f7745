// `npm run bench [-- --quick] [-- --large]`: performance targets live here, never in timed tests
// (issue 8). The harness is in scripts/bench/; see README "Benchmarks".
import './bench/run.mjs';
