import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

export function SendMailPage() {
  return (
    <ScreenPlaceholder
      title="Send Email to User"
      description="Write an HTML e-mail under your company name and send it to one customer."
      notice="Customer e-mail arrives in the next release."
    />
  );
}
