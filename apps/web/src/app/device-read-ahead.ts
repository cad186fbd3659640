import { prefetchDeviceState } from '../features/crop-flow/devices/device-state.ts';
import { getAccessToken } from '../lib/session.ts';

// Imported first by device.tsx: the device's store is opened and its state read while React,
// Mantine and the screen's modules are still being evaluated (never a fresh store when signed out).
if (getAccessToken()) prefetchDeviceState();
