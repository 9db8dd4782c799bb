// The command line: photobook serve | demo | worker | migrate | seed | create-admin | create-user | issue-token ...
// The commands run in src/cli/run.ts; this process exits with the status the command ends with.
import { runCommand } from './cli/run';
import { processEnvironment } from './config';

runCommand(process.argv.slice(2), { env: processEnvironment(), stdout: process.stdout, stderr: process.stderr }).then((code) => process.exit(code));
