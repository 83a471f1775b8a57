import { demoOrganizations } from './demo-organizations.ts';
import { demoUsers } from './demo-users.ts';

/** Every demo account signs in with this password (from the sign-in issue on). */
export const demoPassword = 'demo-password';

export interface DemoAccount {
  email: string;
  description: string;
  organization: string;
}

/** The demo accounts, as the start-up message and the README list them. */
export const demoAccounts: DemoAccount[] = demoUsers.map((user) => ({
  email: user.email,
  description: user.description,
  organization: demoOrganizations.find((org) => org.key === user.org)?.name ?? user.org,
}));

/** A block of plain text for the terminal, listing the accounts and the shared password. */
export function formatDemoAccounts(): string {
  const width = Math.max(...demoAccounts.map((account) => account.email.length));
  const lines = demoAccounts.map(
    (account) =>
      `  ${account.email.padEnd(width)}  ${account.description}, ${account.organization}`,
  );
  return [
    `Demo accounts (not for production; password for all: ${demoPassword}):`,
    ...lines,
    '',
  ].join('\n');
}
