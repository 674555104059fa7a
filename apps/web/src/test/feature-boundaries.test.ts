import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision 011: every feature folder has its own lint override that forbids importing any other feature.
const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const biome = JSON.parse(readFileSync(join(src, '..', '..', '..', 'biome.json'), 'utf8')) as {
  linter: { rules: { suspicious: Record<string, unknown> } };
  overrides: {
    includes: string[];
    linter?: {
      rules?: { style?: { noRestrictedImports?: { options: { patterns: { group: string[] }[] } } } };
    };
  }[];
};
const features = readdirSync(join(src, 'features')).filter((name) =>
  statSync(join(src, 'features', name)).isDirectory(),
);

describe('feature boundaries (decision 011)', () => {
  it.each(features)('the %s feature may import no other feature', (feature) => {
    const override = biome.overrides.find((o) => o.includes.includes(`apps/web/src/features/${feature}/**`));
    const groups = override?.linter?.rules?.style?.noRestrictedImports?.options.patterns.flatMap(
      (p) => p.group,
    );
    for (const other of features.filter((f) => f !== feature)) {
      expect(groups).toContain(`../**/${other}/**`);
      expect(groups).toContain(`**/features/${other}/**`);
    }
  });

  it('import cycles fail the lint', () => {
    expect(biome.linter.rules.suspicious.noImportCycles).toBe('error');
  });
});
