import { SUBSTRUCTURE_CANDIDATE_LIMIT } from './library.ts';
import { ACCESS_TOKEN_LIMIT } from './tokens.ts';
import { defineMessages, renderMessage, type Lang, type Say } from './messages.ts';

/**
 * The error catalogue: every non-zero errno the API can answer, with its HTTP
 * status and its message in both languages (message id `error.<name>`). Routes throw
 * `ApiError`s built from these entries, with a message id of their own where the entry's
 * words are too general (module validation messages come from the module's catalogue).
 */
export interface CatalogueEntry {
  errno: number;
  http: number;
  zh: string;
  en: string;
  /** The entry's message id, `error.<name>`. */
  code: string;
}

function entry(errno: number, http: number, zh: string, en: string): Omit<CatalogueEntry, 'code'> {
  return { errno, http, zh, en };
}

/** Names each entry's message id after its key and registers the texts. */
function catalogue<const T extends Record<string, Omit<CatalogueEntry, 'code'>>>(entries: T): { readonly [K in keyof T]: T[K] & { code: string } } {
  const codes = defineMessages('error', entries);
  return Object.fromEntries(Object.entries(entries).map(([name, e]) => [name, { ...e, code: codes[name]! }])) as { readonly [K in keyof T]: T[K] & { code: string } };
}

export const errors = catalogue({
  validation: entry(40000, 400, '参数错误', 'Invalid parameters'),
  notFound: entry(40400, 404, '资源不存在！', 'Not found'),
  fileNotFound: entry(40401, 404, '文件不存在!', 'File does not exist!'),
  forbidden: entry(40300, 403, '无权访问该资源！', 'You may not access this resource'),
  // HTTP 401 without a token-specific code: the web shows 登录信息已过期,请重新登录.
  unauthenticated: entry(40100, 401, '登录信息已过期,请重新登录', 'Login expired, please log in again'),
  tokenRevoked: entry(50008, 401, '登录状态已失效，请重新登录', 'Token revoked, please log in again'),
  tokenIllegal: entry(50012, 401, '非法的登录凭证，请重新登录', 'Illegal token, please log in again'),
  tokenExpired: entry(50014, 401, '登录信息已过期,请重新登录', 'Token expired, please log in again'),
  // Personal access tokens (scripted use); what a token may not do is in docs/api.md.
  sessionRequired: entry(40301, 403, '访问令牌不能用于此操作，请登录网页后操作！', 'An access token cannot do this; sign in to the web app'),
  accessTokenNotFound: entry(40460, 404, '访问令牌不存在！', 'Access token not found'),
  accessTokenLimit: entry(40060, 400, `访问令牌最多 ${ACCESS_TOKEN_LIMIT} 个，请先撤销不再使用的令牌！`, `At most ${ACCESS_TOKEN_LIMIT} access tokens; revoke one you no longer use`),
  loginFailed: entry(40101, 400, '账号或密码错误！', 'Wrong account or password'),
  rateLimited: entry(42900, 429, '操作过于频繁，请稍后再试！', 'Too many attempts, please try again later'),
  // Requests refused before any route reads them (the HTTP parser, the body parsers).
  malformedRequest: entry(40007, 400, '请求格式错误，无法解析！', 'The request is malformed and cannot be read'),
  unsupportedMediaType: entry(41500, 415, '不支持该请求内容类型！', 'Unsupported content type'),
  bodyTooLarge: entry(41301, 413, '请求内容过大！', 'The request body is too large'),
  headersTooLarge: entry(43100, 431, '请求头过大，请清除本站 Cookie 后重试！', 'The request headers are too large; clear the cookies and retry'),
  requestTimeout: entry(40800, 408, '请求超时，请稍后重试！', 'The request timed out, please retry'),
  emailTaken: entry(40901, 409, '该邮箱已注册！', 'This email is already registered'),
  inviteInvalid: entry(40002, 400, '邀请码无效！', 'Invalid invite code'),
  resetTokenInvalid: entry(40003, 400, '重置链接无效或已过期，请重新申请！', 'The reset link is invalid or expired'),
  balanceNotPositive: entry(40201, 402, '余额不足，请充值后再提交任务！', 'Your balance is not positive; please recharge first'),
  // Shown with the figures: 可用余额 ¥a 不足以冻结本任务的费用 ¥b ...
  holdExceedsAvailable: entry(40202, 402, '可用余额不足以冻结本任务的费用，请充值或设置更低的任务费用上限！', 'The available balance cannot cover the hold for this task; recharge or set a lower spending cap'),
  taskNotCancellable: entry(40004, 400, '该任务当前不可取消！', 'This task can no longer be cancelled'),
  unknownModule: entry(40402, 404, '模块不存在！', 'Unknown module'),
  fileFormat: entry(40005, 400, '文件格式错误,请确认文件格式并重新上传!', 'File format error, please check the file and upload again'),
  fileTooLarge: entry(41300, 413, '文件过大！', 'File too large'),
  /** Comes with `data` (`unreadableMoleculesSchema`): the lines, so the form can offer to skip them. */
  smilesUnreadable: entry(40008, 400, '输入的分子中有无法解析的 SMILES，请修改或删除这些行后重新提交！', 'Some SMILES cannot be read; fix or remove those lines and submit again'),
  // HTTP 400, not 403: the web app sends a 403 to its /401 page, where a lapsed upload only needs uploading again.
  uploadSessionInvalid: entry(40009, 400, '上传会话无效或已过期，请重新上传！', 'The upload session is invalid or has expired; please upload again'),
  uploadMissing: entry(40006, 400, '请上传或输入文件！', 'Please upload or enter a file'),
  // Personal centre (invoices, feedback, supercomputer accounts).
  invoiceNotFound: entry(40410, 404, '发票信息不存在！', 'Invoice details not found'),
  orderNotFound: entry(40411, 404, '充值订单不存在！', 'Recharge order not found'),
  orderNotInvoiceable: entry(40020, 400, '该订单未支付或已退款，不能开票！', 'Only a paid, unrefunded recharge can be invoiced'),
  invoiceAlreadyApplied: entry(40920, 409, '该订单已申请过发票，请勿重复申请！', 'An invoice was already requested for this order'),
  feedbackNotFound: entry(40412, 404, '反馈不存在！', 'Feedback ticket not found'),
  feedbackImageType: entry(40021, 400, '请上传 jpg/png 格式的图片！', 'Please upload a jpg/png image'),
  feedbackImageTooLarge: entry(40022, 400, '图片大小不能超过 500kb！', 'The image may not exceed 500 kB'),
  feedbackNotRevocable: entry(40023, 400, '只有待处理的反馈可以撤销！', 'Only a pending ticket can be revoked'),
  hpcAlreadyApplied: entry(40921, 409, '您已申请过该节点的超算账号！', 'You already applied for an account on this node'),
  rechargeNotFound: entry(40430, 404, '充值订单不存在！', 'Recharge order not found'),
  refundNotAllowed: entry(40030, 400, '该订单当前不可退款！', 'This order cannot be refunded now'),
  refundExceedsBalance: entry(40031, 400, '退款金额超过可退余额！', 'The refund exceeds the refundable balance'),
  paymentNotificationInvalid: entry(40032, 400, '支付通知验签失败', 'Payment notification signature invalid'),
  sandboxConfirmTokenInvalid: entry(40330, 403, '支付确认凭证无效，请扫描订单的二维码付款！', "Invalid confirmation token; pay through the order's QR code"),
  paymentUnavailable: entry(50230, 502, '支付服务暂不可用，请稍后再试！', 'The payment service is unavailable, please try again later'),
  // ADMET single-molecule lookups.
  smilesInvalid: entry(40040, 400, '无法解析该 SMILES，请检查后重试！', 'The SMILES cannot be parsed, please check it'),
  admetUnavailable: entry(50330, 503, 'ADMET 预测服务暂不可用，请稍后再试！', 'ADMET prediction is unavailable, please try again later'),
  embedUnavailable: entry(50331, 503, '三维结构生成服务暂不可用，请稍后再试！', '3D structure generation is unavailable, please try again later'),
  previewUnavailable: entry(50332, 503, '预览计算暂不可用，请稍后再试！', 'The preview is unavailable, please try again later'),
  // Molecule-library structure search.
  substructureInvalid: entry(40041, 400, '无法解析该子结构，请输入有效的 SMILES 或 SMARTS！', 'The substructure is neither a valid SMILES nor SMARTS'),
  similarSmilesInvalid: entry(40042, 400, '无法解析相似性检索的 SMILES，请检查后重试！', 'The SMILES for the similarity search cannot be parsed'),
  similaritySearchUnavailable: entry(
    50140,
    501,
    '相似性检索需要使用 PostgreSQL 部署并安装 RDKit 扩展，当前数据库不支持',
    'Similarity search needs the PostgreSQL deployment with the RDKit cartridge',
  ),
  substructureTooBroad: entry(
    40043,
    400,
    `该子结构在所选范围内的候选分子超过 ${SUBSTRUCTURE_CANDIDATE_LIMIT.toLocaleString('en-US')} 个，请输入更具体的子结构或收窄理化性质范围！`,
    `The substructure leaves more than ${SUBSTRUCTURE_CANDIDATE_LIMIT.toLocaleString('en-US')} candidates; use a more specific pattern or narrower ranges`,
  ),
  substructureSearchFailed: entry(50340, 503, '子结构检索暂不可用，请稍后再试！', 'Substructure search is unavailable, please try again later'),
  // Protein structures from RCSB / AlphaFold (ids are typed on the docking pages).
  pdbIdMissing: entry(40050, 400, '请输入需要下载的PDB文件序列！', 'Please enter the PDB id to download'),
  pdbIdInvalid: entry(40051, 400, '请输入蛋白质pdbid！', 'Please enter a 4-character PDB id'),
  uniprotIdInvalid: entry(40052, 400, '请输入六位蛋白质pdbid！', 'Please enter a 6-character UniProt id'),
  pdbEntryNotFound: entry(40450, 404, '未找到该 PDB 条目', 'PDB entry not found'),
  alphafoldModelNotFound: entry(40451, 404, '未找到该 UniProt 编号的 AlphaFold 结构', 'No AlphaFold model for this UniProt id'),
  structureArchiveUnavailable: entry(
    50250,
    502,
    '无法连接结构数据库（RCSB），请稍后重试或上传 PDB 文件',
    'The structure archive cannot be reached, please retry later or upload a PDB file',
  ),
  internal: entry(50000, 500, '服务器内部错误，请稍后重试', 'Internal server error'),
});

export type ErrorName = keyof typeof errors;

/**
 * An error that the HTTP layer turns into the envelope with the entry's errno and status, and
 * its message in the request's language. `message` is the error's Chinese (logs, old readers).
 */
export class ApiError extends Error {
  readonly errno: number;
  readonly http: number;
  /** What the refusal says: a message id (with its parameters), words in both languages, or the entry's own. */
  readonly say: Say;

  /** `data`: what the envelope carries besides the message, for refusals a screen acts on (null for most). */
  constructor(
    entry: CatalogueEntry,
    say?: Say,
    readonly data: unknown = null,
  ) {
    const said = say ?? { code: entry.code };
    super(renderMessage(said, 'zh'));
    this.say = said;
    this.errno = entry.errno;
    this.http = entry.http;
  }

  /** The refusal's text in `lang`. */
  render(lang: Lang): string {
    return renderMessage(this.say, lang);
  }
}
