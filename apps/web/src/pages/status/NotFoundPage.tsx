import { StatusResult } from './StatusResult.tsx';

export default function NotFoundPage() {
  return <StatusResult status="404" keys="notFound" />;
}
