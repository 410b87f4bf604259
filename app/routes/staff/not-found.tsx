import { data } from 'react-router';

/** Any other `/equipe/…` path: the staff 404, in the staff chrome (the layout's error boundary). */
export function clientLoader(): never {
  throw data(null, { status: 404 });
}

export default function StaffNotFoundRoute() {
  return null;
}
