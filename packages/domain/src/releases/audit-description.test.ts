import { describe, expect, it } from 'vitest';
import { statementActions } from '../ledger/statements.ts';
import { auditDescriptionPaths, descriptionPaths } from './audit-description.ts';

describe('releases spec §3 "Audit trail entry": the members of a description', () => {
  it('names nested members by their path and a list by its own', () => {
    expect(
      descriptionPaths({ assignee: { type: 'driver', name: 'Jan' }, revokedFrom: ['A', 'B'] }),
    ).toEqual(['assignee.type', 'assignee.name', 'revokedFrom']);
    expect(descriptionPaths(null)).toEqual([]);
    expect(descriptionPaths('Released by the agent')).toEqual([]);
  });

  it('lists what every ledger operation may write, and never a pincode', () => {
    expect(Object.keys(auditDescriptionPaths).sort()).toEqual([...statementActions].sort());
    const all = Object.values(auditDescriptionPaths).flat();
    expect(all.filter((path) => /pincode/i.test(path))).toEqual([]);
  });
});
