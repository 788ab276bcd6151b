import { useLocation } from 'react-router-dom';
import { TabLinks } from '../../components/TabLinks';
import { paths } from '../../lib/paths';

/** Investments and compound investments are two lists of one subject: tabs over both screens. */
export function InvestmentTabs() {
  const path = useLocation().pathname.toLowerCase();
  const on = (screen: string) => path === screen.toLowerCase();
  return (
    <TabLinks
      label="Investment lists"
      tabs={[
        { label: 'Investments', to: paths.investments, active: on(paths.investments) },
        { label: 'Compound investments', to: paths.compoundInvestments, active: on(paths.compoundInvestments) }
      ]}
    />
  );
}
