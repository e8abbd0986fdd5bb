// `npm run bench:table`: rewrites the table of docs/benchmarks.md from
// docs/bench-results.json (what every bench script does after recording).
import { rewriteBenchmarksDoc } from "./lib/results";

rewriteBenchmarksDoc();
console.log("docs/benchmarks.md: table rewritten from docs/bench-results.json");
