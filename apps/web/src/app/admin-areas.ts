import {
  BookOpen,
  ChartColumn,
  FileText,
  Gift,
  LayoutDashboard,
  Layers,
  Mail,
  MessageCircle,
  Users,
  type LucideIcon,
} from 'lucide-react';

export type AdminArea = { label: string; path: string; description: string; icon: LucideIcon };

/** The nine areas of the side navigation, in the spec's order and words. */
export const adminAreas = {
  dashboard: { label: 'Dashboard', path: '/', description: 'Overview and statistics', icon: LayoutDashboard },
  leads: { label: 'Leads', path: '/leads', description: 'Manage conversations and leads', icon: Users },
  analytics: {
    label: 'Analytics',
    path: '/analytics',
    description: 'Conversation insights and drop-off analysis',
    icon: ChartColumn,
  },
  knowledge: {
    label: 'Knowledge',
    path: '/knowledge',
    description: 'Upload and manage documents',
    icon: BookOpen,
  },
  segments: {
    label: 'Segments',
    path: '/segments',
    description: 'Lead segmentation and targeting',
    icon: Layers,
  },
  resources: {
    label: 'Resources',
    path: '/resources',
    description: 'Lead magnets and downloads',
    icon: Gift,
  },
  campaigns: {
    label: 'Campaigns',
    path: '/campaigns',
    description: 'AI-powered email campaigns',
    icon: Mail,
  },
  templates: {
    label: 'Templates',
    path: '/templates',
    description: 'Email template management',
    icon: FileText,
  },
  widget: { label: 'Widget', path: '/widget', description: 'Customize chat widget', icon: MessageCircle },
} as const satisfies Record<string, AdminArea>;

export type AdminAreaKey = keyof typeof adminAreas;

export const navigationOrder: AdminAreaKey[] = [
  'dashboard',
  'leads',
  'analytics',
  'knowledge',
  'segments',
  'resources',
  'campaigns',
  'templates',
  'widget',
];

/** Where the account menu's 'Account Security' entry leads. */
export const accountSecurityPath = '/widget?tab=security';

/** The public widget demo page, served by the server beside the widget script. */
export const widgetDemoPath = '/widget/';
