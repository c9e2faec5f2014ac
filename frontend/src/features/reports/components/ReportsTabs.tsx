import { NavLink } from 'react-router';

/** The reports' pages. */
export function ReportsTabs() {
  return (
    <nav className="report-tabs" aria-label="Reports">
      <NavLink to="/reports" end>
        Call log
      </NavLink>
      <NavLink to="/reports/dashboard">Dashboard</NavLink>
      <NavLink to="/reports/spend">Ad spend</NavLink>
    </nav>
  );
}
