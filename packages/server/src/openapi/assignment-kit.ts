import { prepareAlfaPassAssignment, type AlfaPassDriver } from '../test/assignment.ts';
import { releaseTerminal } from '../test/factories-releases.ts';
import { createOrganization } from '../test/factories.ts';
import type { TestServer } from '../test/start-app.ts';

/**
 * For the document's assign tests: a secure pick-up terminal of a terminal organisation of its
 * own, identifying drivers by alfaPass, where `organization` may assign `driver` to releases of
 * `carrier` (`prepareAlfaPassAssignment`). Answers the terminal's code and the assignee.
 */
export async function alfaPassTerminal(
  server: TestServer,
  parties: { organization: { id: number }; carrier: { id: number }; driver: AlfaPassDriver },
) {
  const owner = await createOrganization(server.knex, { role: 'terminal' });
  const terminal = await releaseTerminal(server.knex);
  await server
    .knex('terminals')
    .where({ code: terminal })
    .update({ owner_organization_id: owner.id });
  const assignee = await prepareAlfaPassAssignment(server.knex, { ...parties, terminal });
  return { terminal, assignee };
}
