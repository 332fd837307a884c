package runner

import (
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
)

// MCPServers returns the MCP servers the loaded settings files configure
// (mcpServers, merged by server name with the later layer winning, as
// Gemini's settings merge does), for an MCP tool's mcp_context.
// Extensions' servers are not read.
func MCPServers(set *layers.Set) map[string]MCPServer {
	out := map[string]MCPServer{}
	for _, l := range set.Layers {
		if l.Kind == layers.Extension || !l.Loaded || l.Root == nil {
			continue
		}
		m := l.Root.Get("mcpServers")
		if m == nil || m.Kind != config.Object {
			continue
		}
		for i, name := range m.Keys {
			v := m.Vals[i]
			if v == nil || v.Kind != config.Object {
				continue
			}
			s := MCPServer{Command: str(v.Get("command")), Cwd: str(v.Get("cwd")), URL: str(v.Get("url")), TCP: str(v.Get("tcp"))}
			if t := v.Get("trust"); t != nil && t.Kind == config.Bool && t.Bool {
				s.Trust = true
			}
			if s.URL == "" {
				s.URL = str(v.Get("httpUrl"))
			}
			if a := v.Get("args"); a != nil && a.Kind == config.Array {
				s.Args = []any{}
				for _, it := range a.Items {
					s.Args = append(s.Args, str(it))
				}
			}
			out[name] = s
		}
	}
	return out
}

func str(n *config.Node) string {
	if n == nil || n.Kind != config.String {
		return ""
	}
	return n.Str
}

// TrustedMCP names the servers of servers with "trust": true.
func TrustedMCP(servers map[string]MCPServer) map[string]bool {
	out := map[string]bool{}
	for n, s := range servers {
		if s.Trust {
			out[n] = true
		}
	}
	return out
}
