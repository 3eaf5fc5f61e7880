import { useState } from 'react';
import { InvoiceApplyWizard } from './InvoiceApplyWizard.tsx';
import { PayDialog } from './PayDialog.tsx';
import { RechargePanel } from './RechargePanel.tsx';
import { RechargeRecords } from './RechargeRecords.tsx';

/** Section 1: recharge and the recharge records (with refund and invoice actions). */
export function FundsSection() {
  const [paying, setPaying] = useState<string | null>(null);
  const [invoicing, setInvoicing] = useState<string | null>(null);
  return (
    <>
      <RechargePanel onOrder={setPaying} />
      <RechargeRecords onInvoice={setInvoicing} />
      {paying && <PayDialog orderId={paying} onClose={() => setPaying(null)} />}
      {invoicing && <InvoiceApplyWizard orderId={invoicing} onClose={() => setInvoicing(null)} />}
    </>
  );
}
