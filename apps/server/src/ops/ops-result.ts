/** What an ops command answers: its exit code and its lines; every command module returns it, apart from the dispatcher that picks them. */
export interface OpsResult {
  code: number;
  lines: string[];
}
