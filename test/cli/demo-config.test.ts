import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { COMMANDS } from '../../src/cli/commands';
import { environmentWith, loadConfig } from '../../src/config';
import { DEMO_NOTIFY_EMAIL, demoConfig } from '../../src/cli/demo-config';
import { testConfig } from '../helpers/runtime';

describe('the demo configuration', () => {
  it('sends theme e-mails to the demo recipient when NOTIFY_EMAILS is unset', () => {
    const config = COMMANDS.demo.configure!(testConfig());
    expect(DEMO_NOTIFY_EMAIL).to.equal('demo-admin@example.com');
    expect(config.mail.notifyEmails).to.deep.equal([DEMO_NOTIFY_EMAIL]);
    expect(config.mail.smtpUrl).to.equal(undefined);
    expect(Object.isFrozen(config)).to.equal(true);
  });

  it('keeps NOTIFY_EMAILS when it is set, and changes nothing outside the demo', () => {
    expect(demoConfig(testConfig({ NOTIFY_EMAILS: 'team@example.com' })).mail.notifyEmails).to.deep.equal(['team@example.com']);
    for (const [name, command] of Object.entries(COMMANDS)) {
      if (name !== 'demo') expect(command.configure, name).to.equal(undefined);
    }
  });

  it('listens on 127.0.0.1 unless HOST is set, so that its sandbox login is on for this machine only', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-demo-config-'));
    try {
      const configOf = (command: keyof typeof COMMANDS, env: Record<string, string>) =>
        loadConfig(environmentWith(COMMANDS[command].environmentDefaults, { DATA_DIR: dataDir, ...env }));
      expect(configOf('demo', {})).to.deep.include({ host: '127.0.0.1', sandboxLogin: { enabled: true, roleChoice: true } });
      expect(configOf('demo', { HOST: '' }).host).to.equal('127.0.0.1');
      expect(configOf('demo', { HOST: '0.0.0.0' })).to.deep.include({ host: '0.0.0.0', sandboxLogin: { enabled: false, roleChoice: false } });
      expect(configOf('serve', {})).to.deep.include({ host: '0.0.0.0', sandboxLogin: { enabled: false, roleChoice: false } });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
