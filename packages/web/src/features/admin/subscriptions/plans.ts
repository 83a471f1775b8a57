/** Access spec §9: the plan ids support can give an organisation. */
export const planIds = [1, 2, 3, 4, 5, 10, 11] as const;
export type PlanId = (typeof planIds)[number];
