import type {
  Constraint,
  ExportResult,
  ExportStrategy,
  LegalValue,
  StrategyVariant,
  Variant,
} from '../../../contract';

/**
 * The export file from rows, in the shape and order Unleash 8.2 writes it (observed on the
 * reference: tests/fixtures/unleash-export). Pure: the store reads, this builds. A later bundle
 * layer (signed air-gap bundles) calls `buildExportFile` on the same rows.
 */

export interface ExportRows {
  features: Array<{
    name: string;
    description: string | null;
    type: string;
    project: string;
    stale: boolean;
    impressionData: boolean;
    archived: boolean;
  }>;
  environments: Array<{ featureName: string; enabled: boolean; variants: Variant[] }>;
  strategies: Array<{
    id: string;
    featureName: string;
    name: string;
    title: string | null;
    parameters: Record<string, string>;
    constraints: Constraint[];
    variants: StrategyVariant[];
    disabled: boolean;
    segments: number[];
    sortOrder: number;
  }>;
  tags: Array<{ featureName: string; tagType: string; tagValue: string }>;
  tagTypes: Array<{ name: string; description: string | null; icon: string | null; color: string | null }>;
  segments: Array<{ id: number; name: string; description: string | null; constraints: Constraint[] }>;
  contextFields: Array<{
    name: string;
    description: string | null;
    stickiness: boolean;
    sortOrder: number;
    legalValues: LegalValue[];
  }>;
  dependencies: Array<{ child: string; parent: string; enabled: boolean; variants: string[] }>;
  links: Array<{ id: string; featureName: string; url: string; title: string | null }>;
}

/** A constraint as Unleash stores and exports it: `values` always, flags only when set. */
export function exportConstraint(constraint: Constraint): Constraint {
  return {
    values: constraint.values ?? [],
    ...(constraint.value !== undefined ? { value: constraint.value } : {}),
    operator: constraint.operator,
    contextName: constraint.contextName,
    ...(constraint.caseInsensitive ? { caseInsensitive: true } : {}),
    ...(constraint.inverted ? { inverted: true } : {}),
  };
}

function exportStrategy(row: ExportRows['strategies'][number], extensions: boolean): ExportStrategy {
  return {
    name: row.name,
    id: row.id,
    featureName: row.featureName,
    title: row.title,
    parameters: row.parameters,
    constraints: row.constraints.map(exportConstraint),
    variants: row.variants,
    disabled: row.disabled,
    segments: row.segments,
    // Unleash leaves it out and then imports strategies in no fixed order; with it (a field of
    // Unleash's featureStrategySchema) both servers keep the file's order. Only when asked, so
    // the file carries exactly Unleash's fields by default (issue 31 §4).
    ...(extensions ? { sortOrder: row.sortOrder } : {}),
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const name = key(row);
    const group = groups.get(name);
    if (group) group.push(row);
    else groups.set(name, [row]);
  }
  return groups;
}

export function buildExportFile(
  rows: ExportRows,
  environment: string,
  options: { withSegmentDefinitions?: boolean; extensions?: boolean } = {},
): ExportResult {
  return {
    features: rows.features.map((row) => ({ ...row })),
    featureStrategies: rows.strategies.map((row) => exportStrategy(row, options.extensions === true)),
    featureEnvironments: rows.environments.map((row) => ({
      enabled: row.enabled,
      featureName: row.featureName,
      environment,
      variants: row.variants,
      name: row.featureName,
    })),
    contextFields: rows.contextFields.map((row) => ({
      name: row.name,
      description: row.description,
      stickiness: row.stickiness,
      sortOrder: row.sortOrder,
      legalValues: row.legalValues,
    })),
    featureTags: rows.tags.map((row) => ({ ...row })),
    segments: rows.segments.map((row) =>
      options.withSegmentDefinitions
        ? {
            id: row.id,
            name: row.name,
            description: row.description,
            constraints: row.constraints.map(exportConstraint),
          }
        : { id: row.id, name: row.name },
    ),
    tagTypes: rows.tagTypes.map((row) => ({ ...row })),
    dependencies: [...groupBy(rows.dependencies, (row) => row.child)].map(([child, parents]) => ({
      feature: child,
      dependencies: parents.map((row) => ({
        feature: row.parent,
        enabled: row.enabled,
        variants: row.variants,
      })),
    })),
    links: [...groupBy(rows.links, (row) => row.featureName)].map(([feature, links]) => ({
      feature,
      links: links.map((row) => ({ id: row.id, url: row.url, title: row.title })),
    })),
  };
}
