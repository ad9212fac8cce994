// The flags `node` runs the server with, wherever it is started: `npm start` (package.json),
// scripts/e2e-server.sh, and the API tests' and the benchmark's servers (tests/api/test-server.ts).
// The unit test beside this file checks that the first two spell them out the same.
//
// --max-semi-space-size=16: V8's young generation, in MB per semi-space. Node.js 24 lets it grow to
// 64 MB on this machine (Node.js 20 stopped at 16): at the end of a 32-client benchmark run the server
// then held 420–436 MB, over the 400 MB the node may use. 32 MB held 376–384 MB at the end of a
// 64-client run and 403 MB in a full benchmark's fastest run; 16 MB holds 347–359 MB, for no CPU a
// trade that twelve alternated runs could tell apart (README, "The runtime"). V8 sizes the young
// generation when the heap is made, so this cannot be set from inside the process, as the old
// generation's growth is (heap-growth.ts). A flag given after these (NODE_FLAGS in the tests,
// BENCH_SERVER_NODE_FLAGS) wins.
export const SERVER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=16"];
