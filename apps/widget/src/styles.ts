/**
 * All of the widget's CSS, inside its shadow root. Pixel units only (a host page's root font size
 * cannot scale it) and `all: initial !important` on the host: important rules of a shadow tree's
 * :host win over the page's, so no page rule reaches in and none of these reaches out.
 */
export const WIDGET_CSS = `
:host{all:initial!important;display:block!important;position:fixed!important;top:0!important;left:0!important;width:0!important;height:0!important;z-index:2147483647!important;visibility:visible!important;opacity:1!important;transform:none!important;overflow:visible!important}
*,*::before,*::after{box-sizing:border-box}
.lw-root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:15px;line-height:1.45;color:var(--lw-text);-webkit-font-smoothing:antialiased;text-align:left;letter-spacing:normal}
button,textarea{font:inherit;color:inherit;margin:0}
button{cursor:pointer;-webkit-tap-highlight-color:transparent}
:focus-visible{outline:3px solid var(--lw-primary);outline-offset:2px}
.lw-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.lw-launcher{position:fixed;width:60px;height:60px;border:0;border-radius:50%;padding:0;display:flex;align-items:center;justify-content:center;background:linear-gradient(135deg,var(--lw-primary),var(--lw-secondary));color:var(--lw-on-header);box-shadow:0 10px 25px -5px rgba(15,23,42,.35),0 4px 10px -6px rgba(15,23,42,.3);transition:transform .18s ease,box-shadow .18s ease}
.lw-launcher:hover{transform:translateY(-2px) scale(1.03);box-shadow:0 14px 30px -6px rgba(15,23,42,.4)}
.lw-launcher svg{width:28px;height:28px}
.lw-teaser{position:fixed;max-width:240px;padding:10px 14px;border:1px solid var(--lw-border);border-radius:var(--lw-bubble-radius);background:var(--lw-bg);color:var(--lw-text);font-size:14px;font-weight:500;box-shadow:0 10px 25px -8px rgba(15,23,42,.3);text-align:left;animation:lw-rise .3s ease both}
.lw-bottom-right .lw-launcher,.lw-bottom-right .lw-teaser{right:20px;bottom:20px}
.lw-bottom-left .lw-launcher,.lw-bottom-left .lw-teaser{left:20px;bottom:20px}
.lw-top-right .lw-launcher,.lw-top-right .lw-teaser{right:20px;top:20px}
.lw-top-left .lw-launcher,.lw-top-left .lw-teaser{left:20px;top:20px}
.lw-bottom-right .lw-teaser,.lw-bottom-left .lw-teaser{bottom:92px}
.lw-top-right .lw-teaser,.lw-top-left .lw-teaser{top:92px}
.lw-window{position:fixed;width:380px;height:min(640px,calc(100vh - 120px));min-height:360px;display:flex;flex-direction:column;overflow:hidden;background:var(--lw-bg);color:var(--lw-text);border-radius:var(--lw-window-radius);border:1px solid var(--lw-border);box-shadow:0 24px 60px -12px rgba(15,23,42,.35),0 8px 20px -8px rgba(15,23,42,.2);animation:lw-rise .22s ease both}
.lw-bottom-right .lw-window{right:20px;bottom:92px}
.lw-bottom-left .lw-window{left:20px;bottom:92px}
.lw-top-right .lw-window{right:20px;top:92px}
.lw-top-left .lw-window{left:20px;top:92px}
@keyframes lw-rise{from{opacity:0;transform:translateY(8px)}to{opacity:1;transform:none}}
.lw-header{display:flex;align-items:center;gap:12px;padding:16px 14px 16px 18px;background:linear-gradient(135deg,var(--lw-primary),var(--lw-secondary));color:var(--lw-on-header)}
.lw-titles{flex:1;min-width:0}
.lw-title{margin:0;font-size:16px;font-weight:650;line-height:1.25;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.lw-subtitle{margin:2px 0 0;font-size:13px;display:flex;align-items:center;gap:6px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.lw-dot{width:8px;height:8px;border-radius:50%;background:var(--lw-accent);box-shadow:0 0 0 2px rgba(255,255,255,.7);flex:none}
.lw-close{flex:none;width:36px;height:36px;border:0;border-radius:50%;background:rgba(255,255,255,.14);color:inherit;display:flex;align-items:center;justify-content:center}
.lw-close:hover{background:rgba(255,255,255,.26)}
.lw-close svg{width:18px;height:18px}
.lw-avatar{flex:none;width:40px;height:40px;border-radius:50%;overflow:hidden;display:flex;align-items:center;justify-content:center;background:rgba(255,255,255,.92);color:#1F2937;font-size:15px;font-weight:700;box-shadow:0 0 0 2px rgba(255,255,255,.5)}
.lw-avatar img{width:100%;height:100%;object-fit:cover;display:block}
.lw-avatar-sm{width:28px;height:28px;font-size:11px;box-shadow:none;background:var(--lw-primary);color:var(--lw-on-primary)}
.lw-body{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:18px 14px 8px;display:flex;flex-direction:column;gap:10px;scroll-behavior:smooth}
.lw-log{display:flex;flex-direction:column;gap:10px}
.lw-row{display:flex;align-items:flex-end;gap:8px;max-width:100%}
.lw-row-user{justify-content:flex-end}
.lw-bubble{margin:0;max-width:82%;padding:10px 14px;border-radius:var(--lw-bubble-radius);white-space:pre-wrap;overflow-wrap:anywhere;font-size:15px}
.lw-row-bot .lw-bubble{background:var(--lw-bot-bg);color:var(--lw-bot-text);border-bottom-left-radius:4px}
.lw-row-user .lw-bubble{background:var(--lw-primary);color:var(--lw-on-primary);border-bottom-right-radius:4px}
.lw-typing{display:inline-flex;gap:4px;padding:14px 16px}
.lw-typing i{width:7px;height:7px;border-radius:50%;background:var(--lw-muted);animation:lw-blink 1.2s infinite ease-in-out}
.lw-typing i:nth-child(2){animation-delay:.15s}.lw-typing i:nth-child(3){animation-delay:.3s}
@keyframes lw-blink{0%,80%,100%{opacity:.3;transform:translateY(0)}40%{opacity:1;transform:translateY(-3px)}}
.lw-notice{margin:4px 0;padding:12px 14px;border-radius:var(--lw-radius);background:#FEF2F2;color:#991B1B;font-size:14px;border:1px solid #FECACA}
.lw-notice-soft{background:#FFFBEB;color:#92400E;border-color:#FDE68A}
.lw-notice p{margin:0 0 8px}
.lw-notice button{border:1px solid currentColor;background:#fff;color:inherit;border-radius:8px;padding:5px 12px;font-size:13px;font-weight:600}
.lw-status{margin:auto;color:var(--lw-muted);font-size:14px;display:flex;align-items:center;gap:8px}
.lw-spinner{width:16px;height:16px;border-radius:50%;border:2px solid var(--lw-border);border-top-color:var(--lw-primary);animation:lw-spin .8s linear infinite}
@keyframes lw-spin{to{transform:rotate(360deg)}}
.lw-resources{margin:6px 0 4px;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}
.lw-resources-title{margin:6px 0 0;font-size:12px;font-weight:650;text-transform:uppercase;letter-spacing:.06em;color:var(--lw-muted)}
.lw-card{display:flex;gap:12px;align-items:center;padding:12px;border:1px solid var(--lw-border);border-radius:var(--lw-radius);background:var(--lw-bg)}
.lw-card-icon{flex:none;width:38px;height:38px;border-radius:10px;background:var(--lw-accent-soft);color:var(--lw-accent-ink);display:flex;align-items:center;justify-content:center}
.lw-card-icon svg{width:20px;height:20px}
.lw-card-text{flex:1;min-width:0}
.lw-card-title{margin:0;font-size:14px;font-weight:650;color:var(--lw-text)}
.lw-card-desc{margin:2px 0 0;font-size:13px;color:var(--lw-muted)}
.lw-card a{flex:none;font-size:13px;font-weight:650;color:var(--lw-link);text-decoration:underline;text-underline-offset:2px;padding:6px 4px;border-radius:6px}
.lw-composer{display:flex;align-items:flex-end;gap:8px;padding:10px 12px;border-top:1px solid var(--lw-border);background:var(--lw-bg)}
.lw-input{flex:1;min-height:44px;max-height:120px;resize:none;padding:11px 14px;border:1px solid var(--lw-border);border-radius:22px;background:var(--lw-bg);color:var(--lw-text);font-size:15px;line-height:1.4;outline:none}
.lw-input::placeholder{color:var(--lw-muted);opacity:1}
.lw-input:focus{border-color:var(--lw-primary);box-shadow:0 0 0 3px color-mix(in srgb,var(--lw-primary) 22%,transparent)}
.lw-send{flex:none;width:44px;height:44px;border:0;border-radius:50%;background:var(--lw-primary);color:var(--lw-on-primary);display:flex;align-items:center;justify-content:center;transition:opacity .15s}
.lw-send:disabled{opacity:.45;cursor:not-allowed}
.lw-send svg{width:20px;height:20px}
.lw-branding{margin:0;padding:0 12px 10px;text-align:center;font-size:11px;color:var(--lw-muted);background:var(--lw-bg)}
@media (max-width:480px){
.lw-root .lw-window{top:0;left:0;right:0;bottom:0;width:100%;height:100%;min-height:0;max-height:none;border-radius:0;border:0}
.lw-open .lw-launcher,.lw-open .lw-teaser{display:none}
.lw-input{font-size:16px}
.lw-composer{padding-bottom:max(10px,env(safe-area-inset-bottom))}
.lw-header{padding-top:max(16px,env(safe-area-inset-top))}
}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
`;
