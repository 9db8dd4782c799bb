// What a start says about the sandboxes it was asked to run where strangers can use them: each one lets anyone do
// what a real provider would check, so an operator must see it in the log, not discover it from a shopper.
import { type Config, isLoopbackHost } from './config';

export function sandboxWarnings(config: Config): string[] {
  if (config.env !== 'production') {
    if (!config.sandboxLogin.enabled || isLoopbackHost(config.host)) return [];
    return [
      `SANDBOX_LOGIN=1 on HOST ${config.host}, which other machines can reach: anyone who reaches this server can log in at /auth/sandbox/ as any e-mail address with any role, administrator included`,
    ];
  }
  const warnings: string[] = [];
  if (config.sandboxLogin.enabled) {
    warnings.push('SANDBOX_LOGIN=1 in production: anyone can log in at /auth/sandbox/ as any e-mail address (with the role user)');
  }
  if (config.payment.provider === 'sandbox') {
    warnings.push('PAYMENT_PROVIDER=sandbox in production: anyone can pay any order through the sandbox page /pay/sandbox/, and no money is taken');
  }
  if (config.delivery.provider === 'sandbox') {
    warnings.push('DELIVERY_PROVIDER=sandbox in production: delivery prices come from a built-in table and no order reaches a delivery aggregator');
  }
  return warnings;
}
