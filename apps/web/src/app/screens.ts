import type { RouteName } from '@ushirika/contracts';
import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

const errorScreen: ScreenLoader = () => import('../features/errors/ErrorScreen.tsx');
const dashboard: ScreenLoader = () => import('../features/dashboard/DashboardPage.tsx');

/**
 * Screens that exist, each fetched on demand. Every other route in the table shows the shared
 * "not available yet" page until its module is built.
 */
export const SCREENS: Partial<Record<RouteName, ScreenLoader>> = {
  technical_issue: errorScreen,
  not_found: errorScreen,
  no_internet: errorScreen,
  server_not_available: errorScreen,
  login: () => import('../features/auth/LoginPage.tsx'),
  verify_otp: () => import('../features/auth/VerifyOtpPage.tsx'),
  forgot_password: () => import('../features/auth/ForgotPasswordPage.tsx'),
  recover_password: () => import('../features/auth/RecoverPasswordPage.tsx'),
  change_password: () => import('../features/auth/ChangePasswordPage.tsx'),
  lock_screen: () => import('../features/auth/LockScreenPage.tsx'),
  profile: () => import('../features/auth/ProfilePage.tsx'),
  dashboard,
  home: dashboard,
  users: () => import('../features/users/UsersPage.tsx'),
  user_assignments: () => import('../features/users/RoleAssignmentsPage.tsx'),
};

export const notAvailableScreen: ScreenLoader = () => import('../components/NotAvailablePage.tsx');
