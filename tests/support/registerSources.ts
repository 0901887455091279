// Every test runs with the sources registered in the resolution chain, as every CLI command does
// (stages/index.ts imports sources/index.ts): tests that build a resolver or run a single stage
// without the stage registry still get BFCL's live tier and T-Eval's cache seeds.
import '../../sources/index.js';
