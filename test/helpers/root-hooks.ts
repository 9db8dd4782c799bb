import { dropTestDatabases } from './database';
import { removeTestDataDirs } from './runtime';

export const mochaHooks = {
  async afterAll() {
    await dropTestDatabases();
    removeTestDataDirs();
  },
};
