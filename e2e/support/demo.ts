import {
  demoOrganizations,
  type DemoOrgKey,
} from '../../packages/server/src/demo/demo-organizations.ts';

/** A demo organisation's name as the portal shows it (server/src/demo/demo-organizations.ts). */
export function demoOrganizationName(key: DemoOrgKey): string {
  const organization = demoOrganizations.find((candidate) => candidate.key === key);
  if (!organization) throw new Error(`No demo organisation ${key}`);
  return organization.name;
}

/** forwarder@demo.test's organisation. */
export const forwarderName = demoOrganizationName('forwarder1');
/** forwarder2@demo.test's organisation. */
export const forwarder2Name = demoOrganizationName('forwarder2');
/** haulier@demo.test's organisation. */
export const haulierName = demoOrganizationName('haulier');
