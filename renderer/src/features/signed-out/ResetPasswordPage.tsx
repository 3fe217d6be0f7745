import { useLocation } from '../../router/navigation';
import { SetPasswordForm } from './SetPasswordForm';
import { SignedOutLayout } from './SignedOutLayout';

/** `/reset-password?token=`: the link an administrator's "reset password" makes. */
export function ResetPasswordPage() {
  const { query } = useLocation();
  return (
    <SignedOutLayout title="Reset your password" description="Choose a new password for Switchyard.">
      <SetPasswordForm token={query.token ?? ''} submitLabel="Save and sign in" />
    </SignedOutLayout>
  );
}
