import { defineMessages } from '@yunyao/contract';

/**
 * The API's own refusal texts beyond the errno catalogue's words (packages/contract/src/errors.ts):
 * ids `server.*`, rendered in the request's language by the error handler. Modules' texts live in
 * their own catalogues (packages/modules/<code>/<code>.messages.ts).
 */
export const SERVER_MESSAGES = defineMessages('server', {
  // Submissions.
  tooManyFiles: { zh: '最多上传 {max} 个文件！', en: 'Upload at most {max} files.' },
  emptyFile: { zh: '文件 {file} 为空，请重新上传！', en: 'The file {file} is empty; please upload it again.' },
  /** `choices`: the module codes the shared route takes, e.g. `minimizer、packer`. */
  moduleChoice: { zh: '请选择计算模块（module：{choices}）！', en: 'Please choose the module (module: {choices}).' },
  /** `available`, `hold`, `estimate`: amounts as written (¥1.00); `aside`: what else is set aside, in both languages, or ''. */
  holdExceedsAvailable: {
    zh: '可用余额 {available}{aside}不足以冻结本任务的费用 {hold}（预估 {estimate}），请充值或设置更低的任务费用上限！',
    en: 'The available balance of {available}{aside} cannot cover the hold of {hold} for this task (estimate {estimate}); recharge or set a lower spending cap.',
  },
  heldByTasks: { zh: '{amount} 被排队或运行中的任务冻结', en: '{amount} held by queued or running tasks' },
  pendingRefund: { zh: '{amount} 正在退款', en: '{amount} being refunded' },
  asideList: { zh: '（另有 {items}）', en: ' ({items} besides)' },
  // Typed or uploaded SMILES the check cannot read; `where`: the typed molecules or the file's, in both languages.
  typedMolecules: { zh: '输入的分子', en: 'the typed molecules' },
  moleculesInFile: { zh: '文件 {file} 中的分子', en: 'the molecules of {file}' },
  allUnreadable: { zh: '{where}都无法解析，请检查 SMILES 后重新提交！', en: 'None of {where} can be read; please check the SMILES and submit again.' },
  inTypedMolecules: { zh: '输入的分子中', en: 'of the typed molecules' },
  inFile: { zh: '文件 {file} 中', en: 'of {file}' },
  /** `where`: in the typed molecules or a file; `lines`: the first unreadable lines (line, SMILES, reason), `more`: how many besides, or ''. */
  someUnreadable: {
    zh: '{where}有 {count} 行无法解析（{lines}{more}），请修改或删除这些行后重新提交！',
    en: '{count} lines {where} cannot be read ({lines}{more}); fix or remove those lines and submit again.',
  },
  // Workflows.
  onlyWorkflowsRerun: { zh: '只有工作流任务可以再次运行！', en: 'Only a workflow task can be run again.' },
  // Protein structures from the archives.
  archiveDown: { zh: '无法连接结构数据库（{archive}），请稍后重试或上传 PDB 文件', en: 'The structure archive ({archive}) cannot be reached; please retry later or upload a PDB file.' },
  pdbEntryNotFound: { zh: '未找到 PDB 条目 {id}', en: 'PDB entry {id} not found' },
  alphafoldModelNotFound: { zh: '未找到 UniProt {id} 的 AlphaFold 结构', en: 'No AlphaFold model for UniProt {id}' },
  // Recharges and refunds.
  refundAlreadyRequested: { zh: '该订单已申请退款，请勿重复申请！', en: 'A refund was already requested for this order.' },
  refundExceedsBalance: { zh: '账户余额不足以退还该笔充值！', en: 'The balance is too low to refund this recharge.' },
  refundOverAvailable: { zh: '退款金额不能超过可退余额 {available} 元！', en: 'The refund cannot exceed the refundable balance of ¥{available}.' },
  // Data center, invoices, feedback.
  fileTypeMissing: { zh: '请选择文件类型！', en: 'Please choose the file type.' },
  // Slice uploads (docs/storage.md).
  uploadSessionExpired: { zh: '上传已超过 15 分钟，请重新上传！', en: 'The upload took longer than 15 minutes; please upload again.' },
  uploadSliceWrong: { zh: '第 {part} 片应为 {bytes} 字节，请重新上传！', en: 'Slice {part} should be {bytes} bytes; please upload again.' },
  uploadIncomplete: { zh: '文件 {file} 未完整上传，请重新上传！', en: '{file} did not arrive whole; please upload it again.' },
  invoiceHeaderMissing: { zh: '请输入发票抬头!', en: 'Please enter the invoice title.' },
  taxIdMissing: { zh: '请输入纳税人识别号!', en: 'Please enter the taxpayer id.' },
  feedbackMissing: { zh: '请输入反馈内容！', en: 'Please enter your feedback.' },
});
