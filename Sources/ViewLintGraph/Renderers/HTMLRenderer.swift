import ViewLintFormatters

/// One self-contained HTML page: the graph as inline SVG laid out by `LayeredLayout`, with a
/// script (inline, no network: the page's content security policy forbids loading anything) for
/// search, highlighting a node's dependencies and dependents on click, zoom and pan.
/// `#select=NAME` in the URL selects a node when the page loads (and zooms to it), so a link can
/// point at a view; Enter in the search box does the same for the first match.
public enum HTMLRenderer {
    public static func render(_ graph: DependencyGraph, blastRadius: [BlastRadiusEntry], title: String = "viewlint graph") -> String {
        let layout = LayeredLayout(graph)
        var svg = ""
        for edge in graph.edges {
            let a = layout.boxes[edge.from], b = layout.boxes[edge.to]
            let x1 = a.x + a.width / 2, y1 = a.y + a.height, x2 = b.x + b.width / 2, y2 = b.y
            let bend = max(40, abs(y2 - y1) / 2)
            let path = "M\(n(x1)),\(n(y1)) C\(n(x1)),\(n(y1 + bend)) \(n(x2)),\(n(y2 - bend)) \(n(x2)),\(n(y2))"
            let kind = edge.kind == .builds && edge.passesClosures ? "closure" : edge.kind.rawValue
            svg += "<path class=\"edge \(kind)\" data-from=\"\(edge.from)\" data-to=\"\(edge.to)\" d=\"\(path)\"><title>"
            svg += XMLText.escape("\(graph.nodes[edge.from].name) \(edge.kind.rawValue) \(graph.nodes[edge.to].name)"
                          + (edge.label.map { " (\($0))" } ?? "")) + "</title></path>\n"
        }
        for (i, node) in graph.nodes.enumerated() {
            let box = layout.boxes[i]
            let flagged = node.findings.isEmpty ? "" : " flagged"
            svg += "<g class=\"node \(node.kind.rawValue)\(flagged)\" data-i=\"\(i)\" transform=\"translate(\(n(box.x)),\(n(box.y)))\">"
            switch node.kind {
            case .view:
                svg += "<rect width=\"\(n(box.width))\" height=\"\(n(box.height))\" rx=\"4\"/>"
                // A stripe in the folder's colour: views of one folder read as a group.
                svg += "<rect class=\"stripe\" width=\"5\" height=\"\(n(box.height))\" style=\"fill:\(groupColor(node.group));stroke:none\"/>"
            case .observableObject, .observable:
                svg += "<rect width=\"\(n(box.width))\" height=\"\(n(box.height))\" rx=\"17\"/>"
            case .environmentKey, .focusedValue:
                let w = box.width, h = box.height
                svg += "<polygon points=\"0,\(n(h / 2)) \(n(w / 2)),0 \(n(w)),\(n(h / 2)) \(n(w / 2)),\(n(h))\"/>"
            }
            svg += "<title>\(XMLText.escape(node.name + (node.kind == .view ? " (" + node.group + ")" : "")))</title>"
            svg += "<text x=\"\(n(box.width / 2))\" y=\"22\">\(XMLText.escape(node.name))</text>"
            if !node.findings.isEmpty {
                svg += "<circle class=\"badge\" cx=\"\(n(box.width))\" cy=\"0\" r=\"9\"/><text class=\"badge\" x=\"\(n(box.width))\" y=\"4\">\(node.findings.count)</text>"
            }
            svg += "</g>\n"
        }
        // `<` only occurs inside JSON strings, where `\u003c` means the same; then no `</script>`
        // in a name or message can end the data block.
        var data = ""
        for scalar in GraphJSONRenderer.value(graph, blastRadius: blastRadius).rendered().unicodeScalars {
            if scalar == "<" { data += "\\u003c" } else { data.unicodeScalars.append(scalar) }
        }
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <title>\(XMLText.escape(title))</title>
            <style>\(style)</style></head>
            <body data-rendered="0">
            <header><strong>\(XMLText.escape(title))</strong>
            <input id="search" type="search" placeholder="search views and models" autocomplete="off">
            <select id="group"><option value="">every folder</option>\(groupOptions(graph))</select>
            <span id="status"></span>
            <span class="legend"><i class="l-builds"></i>builds <i class="l-closure"></i>builds, passes closures
            <i class="l-holds"></i>holds <i class="l-observes"></i>observes <i class="l-subscribes"></i>subscribes</span></header>
            <main><svg id="graph" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(n(layout.width)) \(n(layout.height))">
            <g id="scene">
            """
        page += "\n" + svg
        page += """
            </g></svg>
            <aside id="panel"><p>Click a node to see what it depends on and what depends on it.</p></aside></main>
            <script id="graph-data" type="application/json">\(data)</script>
            <script>\(script)</script>
            </body></html>

            """
        return page
    }

    /// The folders of the views, as options of the folder filter, each in its stripe colour.
    static func groupOptions(_ graph: DependencyGraph) -> String {
        Set(graph.nodes.filter { $0.kind == .view }.map(\.group)).sorted().map { group in
            "<option value=\"\(XMLText.escape(group))\" style=\"color:\(groupColor(group))\">\(XMLText.escape(group))</option>"
        }.joined()
    }

    /// A stable colour per folder (FNV-1a of its name picks the hue).
    static func groupColor(_ group: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in group.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "hsl(\(hash % 360),65%,45%)"
    }

    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }


    static let style = """
        body{margin:0;font:13px -apple-system,Helvetica,Arial,sans-serif;display:flex;flex-direction:column;height:100vh}
        header{padding:6px 10px;border-bottom:1px solid #ddd;display:flex;gap:12px;align-items:center;flex-wrap:wrap}
        #search{width:16em}.legend i{display:inline-block;width:18px;height:0;border-top:2px solid;margin:0 3px 3px 8px}
        .l-builds{border-color:#888!important}.l-closure{border-color:#d62728!important}.l-holds{border-top-style:dashed!important;border-color:#888!important}
        .l-observes{border-color:#1f77b4!important}.l-subscribes{border-top-style:dotted!important;border-color:#2ca02c!important}
        main{flex:1;display:flex;min-height:0}svg{flex:1;cursor:grab;background:#fafafa}
        aside{width:22em;overflow:auto;overflow-wrap:anywhere;border-left:1px solid #ddd;padding:8px}
        .node rect,.node polygon{fill:#fff;stroke:#666}.node.observable_object rect{fill:#fde0c5}.node.observable rect{fill:#d5e8f7}
        .node.environment_key polygon,.node.focused_value polygon{fill:#dff2d8}.node.flagged rect{stroke:#d62728;stroke-width:2}
        .node text{text-anchor:middle;font-size:12px;pointer-events:none}.node{cursor:pointer}
        circle.badge{fill:#d62728}text.badge{fill:#fff;font-size:10px;text-anchor:middle}
        .edge{fill:none;stroke:#999;stroke-width:1.2}.edge.closure{stroke:#d62728;stroke-width:2}.edge.holds{stroke-dasharray:5 3}
        .edge.observes{stroke:#1f77b4}.edge.subscribes{stroke:#2ca02c;stroke-dasharray:2 3}
        .dim{opacity:.15}.node.sel rect,.node.sel polygon{stroke:#000;stroke-width:3}.node.match rect,.node.match polygon{stroke:#ff9800;stroke-width:3}
        .node.up rect,.node.up polygon{fill:#fff3b0}.node.down rect,.node.down polygon{fill:#c8f0ff}.edge.on{stroke-width:3;opacity:1}
        aside h3{margin:4px 0}aside li{margin:2px 0}.sev-error{color:#b00}.sev-warning{color:#a60}
        """

    static let script = """
        (function(){
        "use strict";
        var data=JSON.parse(document.getElementById("graph-data").textContent);
        var svg=document.getElementById("graph"),panel=document.getElementById("panel"),status=document.getElementById("status");
        var nodes=[].slice.call(document.querySelectorAll("g.node")),edges=[].slice.call(document.querySelectorAll("path.edge"));
        var out=data.nodes.map(function(){return[]}),inc=data.nodes.map(function(){return[]}),index={};
        data.nodes.forEach(function(n,i){index[n.id]=i});
        data.edges.forEach(function(e,k){out[index[e.from]].push([index[e.to],k]);inc[index[e.to]].push([index[e.from],k])});
        function text(s){return String(s).replace(/[&<>"]/g,function(c){return{"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;"}[c]})}
        function clear(){nodes.concat(edges).forEach(function(el){el.classList.remove("sel","up","down","dim","on","match")})}
        function select(i){
          clear();var n=data.nodes[i],keep={};keep[i]=1;
          nodes[i].classList.add("sel");
          out[i].forEach(function(p){nodes[p[0]].classList.add("down");edges[p[1]].classList.add("on");keep[p[0]]=1});
          inc[i].forEach(function(p){nodes[p[0]].classList.add("up");edges[p[1]].classList.add("on");keep[p[0]]=1});
          nodes.forEach(function(el,j){if(!keep[j])el.classList.add("dim")});
          edges.forEach(function(el){if(!el.classList.contains("on"))el.classList.add("dim")});
          var h="<h3>"+text(n.name)+"</h3><p>"+text(n.kind.replace("_"," "))+(n.path?" &middot; "+text(n.path)+":"+n.line:"")+"</p>";
          function list(title,items){if(!items.length)return"";return"<h4>"+title+"</h4><ul>"+items.join("")+"</ul>"}
          h+=list("Depends on",out[i].map(function(p){var e=data.edges[p[1]];return"<li>"+text(e.kind)+" "+text(data.nodes[p[0]].name)+(e.label?" ("+text(e.label)+")":"")+"</li>"}));
          h+=list("Used by",inc[i].map(function(p){var e=data.edges[p[1]];return"<li>"+text(data.nodes[p[0]].name)+" "+text(e.kind)+(e.label?" ("+text(e.label)+")":"")+"</li>"}));
          if(n.closureInputs.length)h+=list("Closure inputs",n.closureInputs.map(function(c){return"<li>"+text(c)+"</li>"}));
          h+=list("Findings",n.findings.map(function(f){return"<li class=sev-"+text(f.severity)+">line "+f.line+": "+text(f.message)+" ["+text(f.ruleId)+"]</li>"}));
          var radius=data.blastRadius.filter(function(b){return b.source===n.id});
          h+=list("Blast radius",radius.map(function(b){return"<li>"+(b.property?text(b.property)+": ":"")+b.views.length+" view(s)</li>"}));
          panel.innerHTML=h;status.textContent=n.name+": "+out[i].length+" dependencies, "+inc[i].length+" dependents";
        }
        nodes.forEach(function(el,i){el.addEventListener("click",function(ev){ev.stopPropagation();select(i)})});
        var vb=svg.viewBox.baseVal,drag=null;
        svg.addEventListener("wheel",function(ev){ev.preventDefault();var r=svg.getBoundingClientRect();
          var k=ev.deltaY<0?0.85:1/0.85,px=vb.x+(ev.clientX-r.left)/r.width*vb.width,py=vb.y+(ev.clientY-r.top)/r.height*vb.height;
          vb.x=px-(px-vb.x)*k;vb.y=py-(py-vb.y)*k;vb.width*=k;vb.height*=k},{passive:false});
        svg.addEventListener("mousedown",function(ev){drag=[ev.clientX,ev.clientY]});
        window.addEventListener("mouseup",function(){drag=null});
        window.addEventListener("mousemove",function(ev){if(!drag)return;var r=svg.getBoundingClientRect();
          vb.x-=(ev.clientX-drag[0])/r.width*vb.width;vb.y-=(ev.clientY-drag[1])/r.height*vb.height;drag=[ev.clientX,ev.clientY]});
        svg.addEventListener("click",function(){clear();panel.innerHTML="";status.textContent=""});
        var whole=[vb.width,vb.height];
        function focus(i){if(whole[0]<=1600&&whole[1]<=1000)return;var t=nodes[i].transform.baseVal.consolidate().matrix,w=Math.min(vb.width,1600),h=vb.height*w/vb.width;
          vb.x=t.e-w/2;vb.y=t.f-h/2;vb.width=w;vb.height=h}
        document.getElementById("search").addEventListener("input",function(ev){
          var q=ev.target.value.toLowerCase();clear();if(!q){status.textContent="";return}
          var hits=0;data.nodes.forEach(function(n,i){if(n.name.toLowerCase().indexOf(q)>=0){nodes[i].classList.add("match");hits++}else nodes[i].classList.add("dim")});
          status.textContent=hits+" match(es)"});
        document.getElementById("search").addEventListener("keydown",function(ev){
          if(ev.key!=="Enter")return;var q=ev.target.value.toLowerCase(),first=-1;
          data.nodes.forEach(function(n,i){if(first<0&&n.name.toLowerCase().indexOf(q)>=0)first=i});
          if(first>=0){select(first);focus(first)}});
        document.getElementById("group").addEventListener("change",function(ev){
          var g=ev.target.value;clear();if(!g){status.textContent="";return}var hits=0;
          data.nodes.forEach(function(n,i){if(n.kind==="view"&&n.group===g){nodes[i].classList.add("match");hits++}else nodes[i].classList.add("dim")});
          edges.forEach(function(el){el.classList.add("dim")});status.textContent=hits+" view(s) in "+g});
        var m=/^#select=(.+)$/.exec(location.hash);
        if(m){var name=decodeURIComponent(m[1]);var i=index[name];if(i===undefined)data.nodes.forEach(function(n,j){if(n.name===name)i=j});
          // A real click on the node, so a link (and the browser test) goes through the click handler.
          if(i!==undefined){nodes[i].dispatchEvent(new MouseEvent("click",{bubbles:true}));focus(i)}}
        document.body.setAttribute("data-rendered",String(nodes.length));
        })();
        """
}
