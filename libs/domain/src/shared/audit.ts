/**
 * Who did an administrative change and when (epoch ms, the writer's clock). `by` is a user id, never a name: the
 * log is the audit trail of the back-office, and it must outlive the erasure of the people in it.
 */
export interface AuditStamp {
  readonly by: string;
  readonly at: number;
}
