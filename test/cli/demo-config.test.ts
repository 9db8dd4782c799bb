import { expect } from 'chai';
import { COMMANDS } from '../../src/cli/commands';
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
});
