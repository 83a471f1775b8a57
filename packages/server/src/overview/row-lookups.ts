/** The release (`r`) and the BL (`b`) of a party row (`rp`), each looked up by its primary key. */
export const releaseOf = (sql: string) =>
  `(select ${sql} from releases r where r.id = rp.release_id)`;
export const billOfLadingOf = (sql: string, blId = 'rp.bill_of_lading_id') =>
  `(select ${sql} from bills_of_lading b where b.id = ${blId})`;
