/** `npm run preflight`: prints what a production start would refuse or miss; exit 1 on any problem (preflight.ts). */
import { runPreflight } from './preflight';

process.exitCode = await runPreflight(process.env, (line) => console.log(line));
