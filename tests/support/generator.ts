import { expect } from 'vitest';
import { generate } from '../../scripts/generate/index.mjs';

/**
 * Why generation of a schemas/ folder fails: the SchemaError's message, which the CLI prints as `generate: <message>`
 * before it exits 2 (generate.test.ts's misspelt-keyword test shows it once through the CLI).
 */
export async function refusal(schemas: string): Promise<string> {
  const error = await generate(schemas).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, 'generation should fail').toMatchObject({ name: 'SchemaError' });
  return (error as Error).message;
}
