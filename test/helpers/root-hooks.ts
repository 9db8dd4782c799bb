import { dropTestDatabases } from './database';

export const mochaHooks = {
  async afterAll() {
    await dropTestDatabases();
  },
};
