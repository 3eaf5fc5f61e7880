import { useState } from 'react';
import { AppliedInvoices } from './AppliedInvoices.tsx';
import { InvoiceApplyWizard } from './InvoiceApplyWizard.tsx';
import { InvoiceInfoList } from './InvoiceInfoList.tsx';

/** Section 2: saved invoice infos, requested invoices and the 3-step application. */
export function InvoiceSection() {
  const [applying, setApplying] = useState(false);
  return (
    <>
      <InvoiceInfoList />
      <AppliedInvoices onApply={() => setApplying(true)} />
      {applying && <InvoiceApplyWizard onClose={() => setApplying(false)} />}
    </>
  );
}
