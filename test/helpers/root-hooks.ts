// Mocha's root hooks and global fixtures (.mocharc.json requires this file). With --parallel the root hooks run in
// each worker after every file, the global fixtures once in the mocha process, around the whole run.
import { dropFileDatabases, dropTestDatabases, nameTestRun } from './database';
import { removeTestDataDirs } from './runtime';

export const mochaHooks = {
  async afterAll() {
    await dropFileDatabases();
    removeTestDataDirs();
  },
};

export const mochaGlobalSetup = nameTestRun;
export const mochaGlobalTeardown = dropTestDatabases;
