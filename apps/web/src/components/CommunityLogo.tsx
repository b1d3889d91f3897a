import { Center, Image, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './CommunityLogo.module.css';

interface CommunityLogoProps {
  name: string;
  logoUrl: string | null;
  size: number;
  /** Without the white frame, for small lists. */
  plain?: boolean;
  /** Replaces the default '{name} logo'. */
  alt?: string;
}

/** The community's logo, or the first letter of its name when there is none or it fails to load. */
export function CommunityLogo({ name, logoUrl, size, plain = false, alt }: CommunityLogoProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const className = plain ? undefined : classes.logo;
  if (logoUrl && failed !== logoUrl) {
    return (
      <Image
        src={logoUrl}
        alt={alt ?? t('communityPage.logoAlt', { name })}
        w={size}
        h={size}
        fit="cover"
        radius="md"
        className={className}
        onError={() => setFailed(logoUrl)}
      />
    );
  }
  return (
    <Center w={size} h={size} bg="brand.0" className={className} style={{ borderRadius: 'var(--mantine-radius-md)' }} aria-hidden="true">
      <Text fz={size * 0.42} fw={800} c="brand.6" lh={1}>
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </Text>
    </Center>
  );
}
