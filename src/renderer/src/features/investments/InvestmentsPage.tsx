import { Layers } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { Button } from '../../components/ui/Button';

export function InvestmentsPage() {
  return (
    <ScreenPlaceholder
      title="Investments"
      description="Follow customers' investments and mark them active, completed or cancelled."
      notice="Investment management arrives in the next release."
      actions={
        <Button variant="secondary" asChild>
          <Link to="/cmdinvestments">
            <Layers aria-hidden />
            All compound investments
          </Link>
        </Button>
      }
    />
  );
}
