import { useLocation } from 'react-router-dom';
import { TabLinks } from '../../components/TabLinks';

/** Investments and compound investments are two lists of one subject: tabs over both screens. */
export function InvestmentTabs() {
  const path = useLocation().pathname.toLowerCase();
  return (
    <TabLinks
      label="Investment lists"
      tabs={[
        { label: 'Investments', to: '/investments', active: path === '/investments' },
        { label: 'Compound investments', to: '/cmdinvestments', active: path === '/cmdinvestments' }
      ]}
    />
  );
}
