// How long `photobook seed --demo --products N` takes against the PostgreSQL server (target: 1,000,000 in < 300 s).
import { seededDatabase } from './database';

async function main(): Promise<void> {
  const products = Number(process.argv[2] ?? 1_000_000);
  const { seconds } = await seededDatabase('photobook_bench_seed', products);
  console.log(`seed --demo --products ${products}: ${seconds.toFixed(1)} s (target < 300 s, ratio ${(seconds / 300).toFixed(2)})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
