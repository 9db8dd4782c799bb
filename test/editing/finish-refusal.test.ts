// layout/finish's own rule (finish.ts): a finish is applied only to the book its preflight saw, and only when that
// preflight has no errors. The whole operation is walked over the channel in test/layouts/front-end-readings.test.ts.
import { expect } from 'chai';
import { finishRefusal } from '../../src/layouts/editing/finish';
import type { Preflight } from '../../src/shared/preflight';

const preflight = (problems: Preflight['pages'][number]['problems']): Preflight => ({
  layout: 'b1946ac9-2d0c-4d6c-9a37-0c1d6c5a6f11', print_dpi: 300, safe_margin_mm: 5, printable: problems.every((p) => p.severity !== 'error'),
  errors: problems.filter((p) => p.severity === 'error').length, warnings: problems.filter((p) => p.severity === 'warning').length,
  pages: problems.length ? [{ num: 3, problems }] : [],
});
const id = '6f1c2e9a-5b3d-4e7f-8a9b-0c1d2e3f4a5b';

describe('layout/finish: when a finish is refused', () => {
  it('when the book changed after its preflight: stale, so that the editor checks it again', () => {
    const refusal = finishRefusal({ version: 7, preflight: preflight([]) }, 8, id);
    expect(refusal).to.deep.equal({
      ack: { transaction_id: id, error: { code: 'server_error', message: 'The book changed while it was checked; send the message again.' } }, stale: true,
    });
  });

  it('when the preflight has errors: preflight_failed with them, each with its page; warnings alone do not refuse', () => {
    const error = { block_id: 'b', kind: 'cannot_print' as const, severity: 'error' as const, message: 'too small', dpi: 90 };
    const warning = { block_id: 'c', kind: 'low' as const, severity: 'warning' as const, message: 'soft', dpi: 200 };
    expect(finishRefusal({ version: 8, preflight: preflight([error, warning]) }, 8, id)).to.deep.equal({
      ack: { transaction_id: id, error: { code: 'preflight_failed', message: 'The book cannot be printed as it is: 1 problem to fix first.', problems: [{ num: 3, ...error }] } },
    });
    expect(finishRefusal({ version: 8, preflight: preflight([warning]) }, 8, id)).to.equal(undefined);
  });
});
