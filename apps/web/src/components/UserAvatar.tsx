import { Avatar, type AvatarProps } from '@mantine/core';
import { IconMan, IconWoman } from '@tabler/icons-react';
import type { Gender } from '@ushirika/contracts';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'alt'> {
  user: { firstName: string; lastName: string; gender: Gender; profile: string | null };
}

/** The user's photo, or a default avatar chosen by gender (SPEC section 2, user menu). */
export function UserAvatar({ user, ...props }: UserAvatarProps) {
  const name = `${user.firstName} ${user.lastName}`;
  if (user.profile) return <Avatar src={user.profile} alt={name} {...props} />;
  const Icon = user.gender === 'Female' ? IconWoman : IconMan;
  return (
    <Avatar color={user.gender === 'Female' ? 'grape' : 'blue'} alt={name} {...props}>
      <Icon size="70%" stroke={1.6} aria-hidden />
    </Avatar>
  );
}
