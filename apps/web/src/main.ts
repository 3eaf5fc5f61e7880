// Placeholder until the React app lands: shows what the platform reports about itself.
interface Health {
  data: { status: string; database: { kind: string }; engines: { name: string; found: boolean; version: string | null }[] };
}

const target = document.querySelector<HTMLElement>('#health');
fetch('/api/health')
  .then((r) => r.json() as Promise<Health>)
  .then(({ data }) => {
    if (!target) return;
    const engines = data.engines.filter((e) => e.found).map((e) => `${e.name} ${e.version ?? ''}`);
    target.textContent = `平台状态：${data.status === 'ok' ? '正常' : '异常'} · 数据库 ${data.database.kind} · 计算引擎：${engines.join('，')}`;
  })
  .catch(() => target && (target.textContent = '无法连接平台 API'));
