import { StatusResult } from './StatusResult.tsx';

/** Where a 403 answer sends the user (spec document 1, section 2). */
export default function NotAuthorizedPage() {
  return <StatusResult status="403" keys="notAuthorized" />;
}
