// `npm run bench`: performance targets live here, never in timed tests (issue 8 builds the suite).
console.log('no benchmarks yet');
