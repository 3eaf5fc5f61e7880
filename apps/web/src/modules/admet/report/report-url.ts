/** Where the detail dialog opens a molecule's printable report (a new tab, so the dialog stays). */
export function admetReportUrl(smiles: string, name: string | undefined, taskId: number | undefined): string {
  const query = new URLSearchParams({ smiles, ...(name ? { name } : {}), ...(taskId ? { task: String(taskId) } : {}) });
  return `/calculate/admet/report?${query.toString()}`;
}
