// Error boundary of the back-office screens: the message inside the layout
// (403 without the screen's permission, 404 for a missing record, 400 for a
// bad request, 413 for a body too large), worded as every boundary words it.
import { useRouteErrorText } from "~/components/ErrorPage";

export function BackOfficeErrorBoundary() {
  const { status, title, body } = useRouteErrorText();
  return (
    <section className="bo-error" role="alert">
      <p className="bo-error__status">{status}</p>
      <h1>{title}</h1>
      <p>{body}</p>
    </section>
  );
}
