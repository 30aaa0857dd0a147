<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>RunControls</name>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
</context>
<context>
    <name>actlab::gui</name>
    <message>
        <source>ActLab: explore activation functions and their derivatives.</source>
        <translation>ActLab：探索激活函数及其导数。</translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation>显示此帮助并退出。</translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation>显示版本并退出。</translation>
    </message>
    <message>
        <source>Compute backend: cpu, vulkan or auto (default: ACTLAB_BACKEND, else auto).</source>
        <translation>计算后端：cpu、vulkan 或 auto（默认：ACTLAB_BACKEND，否则 auto）。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Render the window as it opens to a PNG and exit.</source>
        <translation>把刚打开的窗口渲染为 PNG 后退出。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Opening view: explorer, gelu, gated, training or attention.</source>
        <translation>打开时的视图：explorer、gelu、gated、training 或 attention。</translation>
    </message>
    <message>
        <source>Explorer functions, comma-separated (e.g. relu,gelu).</source>
        <translation>函数浏览中显示的函数，用逗号分隔（例如 relu,gelu）。</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>Curves to show: any of f,f1,f2.</source>
        <translation>要显示的曲线：f、f1、f2 中的任意几个。</translation>
    </message>
    <message>
        <source>x range as A:B with A &lt; B.</source>
        <translation>x 范围，格式为 A:B，且 A &lt; B。</translation>
    </message>
    <message>
        <source>A:B</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>A:B</translation>
    </message>
    <message>
        <source>Window size as WxH (default 1400x900).</source>
        <translation>窗口大小，格式为 宽x高（默认 1400x900）。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>宽x高</translation>
    </message>
    <message>
        <source>Training preset (e.g. dying-relu; opens the Training view) or Attention preset (e.g. reverse-heads; opens the Attention view).</source>
        <translation>训练预设（例如 dying-relu，打开训练视图）或注意力预设（例如 reverse-heads，打开注意力视图）。</translation>
    </message>
    <message>
        <source>Train this many steps first (Training or Attention view).</source>
        <translation>先训练这么多步（训练或注意力视图）。</translation>
    </message>
    <message>
        <source>N</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>N</translation>
    </message>
    <message>
        <source>Compare with a second run using this activation (Training view: the hidden layers&apos;; Attention view: on Q, K and V).</source>
        <translation>与使用此激活函数的第二次运行对比（训练视图：隐藏层的激活函数；注意力视图：Q、K、V 上的激活函数）。</translation>
    </message>
    <message>
        <source>activation</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <source>Open this saved session (.actlab): every view as it was, the runs paused where they stood.</source>
        <translation>打开此已保存的会话（.actlab）：每个视图恢复原样，各次运行停在保存时的位置。</translation>
    </message>
    <message>
        <source>Language of the window: en or zh_CN (default: the last one chosen, else the system&apos;s).</source>
        <translation>窗口语言：en 或 zh_CN（默认：上次选择的语言，否则跟随系统）。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Unexpected argument: %1</source>
        <translation>多余的参数：%1</translation>
    </message>
    <message>
        <source>--backend must be cpu, vulkan or auto, not &quot;%1&quot;.</source>
        <translation>--backend 必须是 cpu、vulkan 或 auto，而不是“%1”。</translation>
    </message>
    <message>
        <source>--screenshot needs a file name.</source>
        <translation>--screenshot 需要一个文件名。</translation>
    </message>
    <message>
        <source>--view must be explorer, gelu, gated, training or attention, not &quot;%1&quot;.</source>
        <translation>--view 必须是 explorer、gelu、gated、training 或 attention，而不是“%1”。</translation>
    </message>
    <message>
        <source>--preset: unknown preset &quot;%1&quot; (known: %2).</source>
        <translation>--preset：未知预设“%1”（已知：%2）。</translation>
    </message>
    <message>
        <source>--session: no such file &quot;%1&quot;.</source>
        <translation>--session：没有文件“%1”。</translation>
    </message>
    <message>
        <source>--language must be en or zh_CN, not &quot;%1&quot;.</source>
        <translation>--language 必须是 en 或 zh_CN，而不是“%1”。</translation>
    </message>
    <message>
        <source>--steps must be a whole number from 0 to 10000000, not &quot;%1&quot;.</source>
        <translation>--steps 必须是 0 到 10000000 之间的整数，而不是“%1”。</translation>
    </message>
    <message>
        <source>--compare: unknown activation &quot;%1&quot; (see actlab-cli list).</source>
        <translation>--compare：未知激活函数“%1”（见 actlab-cli list）。</translation>
    </message>
    <message>
        <source>--compare: %1 is a gated unit; Q, K and V take a scalar activation.</source>
        <translation>--compare：%1 是门控单元；Q、K、V 只能用标量激活函数。</translation>
    </message>
    <message>
        <source>--functions: unknown function &quot;%1&quot; (see actlab-cli list).</source>
        <translation>--functions：未知函数“%1”（见 actlab-cli list）。</translation>
    </message>
    <message>
        <source>--derivatives takes f, f1 and f2, not &quot;%1&quot;.</source>
        <translation>--derivatives 接受 f、f1 和 f2，而不是“%1”。</translation>
    </message>
    <message>
        <source>--x-range must be A:B with finite numbers A &lt; B, not &quot;%1&quot;.</source>
        <translation>--x-range 必须是 A:B，A、B 为有限数且 A &lt; B，而不是“%1”。</translation>
    </message>
    <message>
        <source>--size must be WxH between 320x240 and 8192x8192, not &quot;%1&quot;.</source>
        <translation>--size 必须是 320x240 到 8192x8192 之间的 宽x高，而不是“%1”。</translation>
    </message>
    <message>
        <source>Open a guided lesson: a lesson file (.json) or a built-in lesson&apos;s name (Help → Lessons).</source>
        <translation>打开一节引导课程：课程文件（.json）或内置课程的名称（帮助 → 课程）。</translation>
    </message>
    <message>
        <source>file|name</source>
        <translation>文件|名称</translation>
    </message>
    <message>
        <source>With --lesson: the scene to open (1 = the first).</source>
        <translation>与 --lesson 一起使用：要打开的场景（1 = 第一个）。</translation>
    </message>
    <message>
        <source>--scene needs --lesson and a scene number from 1, not &quot;%1&quot;.</source>
        <translation>--scene 需要 --lesson 和一个从 1 开始的场景编号，而不是“%1”。</translation>
    </message>
    <message>
        <source>Colours, a comma-separated list of: standard or colour-blind-safe (the palette), viridis or cividis, rdbu or blue-orange (the maps), high-contrast (default: the last ones chosen in View → Colours).</source>
        <translation>配色，逗号分隔的列表：standard 或 colour-blind-safe（调色板）、viridis 或 cividis、rdbu 或 blue-orange（色图）、high-contrast（默认：上次在 视图 → 配色 中的选择）。</translation>
    </message>
    <message>
        <source>--colours: &quot;%1&quot; is none of standard, colour-blind-safe, viridis, cividis, rdbu, blue-orange, high-contrast.</source>
        <translation>--colours：“%1”不是 standard、colour-blind-safe、viridis、cividis、rdbu、blue-orange、high-contrast 中的任何一个。</translation>
    </message>
    <message>
        <source>UI scale for the back of a classroom: 1, 1.25, 1.5 or 2 (default: the last one chosen in View → UI scale).</source>
        <translation>界面缩放，让教室后排也看得清：1、1.25、1.5 或 2（默认：上次在“视图 → 界面缩放”中的选择）。</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>倍数</translation>
    </message>
    <message>
        <source>Open in presentation mode: full screen (View → Presentation; Esc leaves it).</source>
        <translation>以演示模式打开：全屏（视图 → 演示模式；按 Esc 退出）。</translation>
    </message>
    <message>
        <source>--scale must be 1, 1.25, 1.5 or 2, not &quot;%1&quot;.</source>
        <translation>--scale 必须是 1、1.25、1.5 或 2，而不是“%1”。</translation>
    </message>
    <message>
        <source>With --lesson: write the lesson&apos;s handout (every scene&apos;s text with its measured figures, and its picture) to a PDF and exit; no window opens.</source>
        <translation>与 --lesson 一起使用：把课程的讲义（每个场景的文字及其实测数值，以及场景的画面）写入 PDF 后退出；不打开窗口。</translation>
    </message>
    <message>
        <source>With --handout: a4 or letter (default: the system&apos;s usual paper).</source>
        <translation>与 --handout 一起使用：a4 或 letter（默认：系统常用的纸张）。</translation>
    </message>
    <message>
        <source>size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <source>--handout needs --lesson and a file name.</source>
        <translation>--handout 需要 --lesson 和一个文件名。</translation>
    </message>
    <message>
        <source>--handout and --screenshot cannot be combined.</source>
        <translation>--handout 与 --screenshot 不能同时使用。</translation>
    </message>
    <message>
        <source>--paper needs --handout and a4 or letter, not &quot;%1&quot;.</source>
        <translation>--paper 需要 --handout，取值为 a4 或 letter，而不是“%1”。</translation>
    </message>
    <message>
        <source>The Attention view&apos;s text task on this text: builtin:NAME (english-poems, tang-poems, program) or a UTF-8 file.</source>
        <translation>注意力视图的文本任务使用此文本：builtin:名称（english-poems、tang-poems、program）或一个 UTF-8 文件。</translation>
    </message>
    <message>
        <source>builtin:NAME|file</source>
        <translation>builtin:名称|文件</translation>
    </message>
    <message>
        <source>--text: no built-in text &quot;%1&quot;.</source>
        <translation>--text：没有内置文本“%1”。</translation>
    </message>
    <message>
        <source>--text: cannot open %1.</source>
        <translation>--text：无法打开 %1。</translation>
    </message>
    <message>
        <source>--text: %1</source>
        <translation>--text：%1</translation>
    </message>
</context>
<context>
    <name>actlab::gui::ClassVisibility</name>
    <message>
        <source>Hidden from the class</source>
        <translation>对全班隐藏</translation>
    </message>
</context>
<context>
    <name>actlab::gui::FirstStartTour</name>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Skip the tour (Esc)</source>
        <translation>跳过导览（Esc）</translation>
    </message>
    <message>
        <source>Five views</source>
        <translation>五个视图</translation>
    </message>
    <message>
        <source>The Explorer draws activation functions and their derivatives; GELU approximations and Gated surfaces look closer; Training and Attention train networks live. Ctrl+1 … Ctrl+5 switch between them.</source>
        <translation>“函数浏览”绘制激活函数及其导数；“GELU 近似”和“门控曲面”看得更细；“训练”和“注意力”实时训练网络。用 Ctrl+1 … Ctrl+5 在它们之间切换。</translation>
    </message>
    <message>
        <source>Choose functions</source>
        <translation>选择函数</translation>
    </message>
    <message>
        <source>Tick the functions to draw. Their parameters get sliders below the list: drag one and the curve and its derivative move at once.</source>
        <translation>勾选要绘制的函数。它们的参数在列表下方有滑块：拖动滑块，曲线及其导数会立即随之变化。</translation>
    </message>
    <message>
        <source>Read the plot</source>
        <translation>读图</translation>
    </message>
    <message>
        <source>f is solid, f′ dashed, f″ dotted. Move the mouse over the plot to read every function&apos;s value and slope at that x; a jump is drawn as a jump.</source>
        <translation>f 为实线，f′ 为虚线，f″ 为点线。将鼠标移到图上，可读出每个函数在该 x 处的值和斜率；跳跃处画成跳跃。</translation>
    </message>
    <message>
        <source>Train a network</source>
        <translation>训练一个网络</translation>
    </message>
    <message>
        <source>Press Play (or Space) and watch the decision surface, the neurons and the curves change as it learns; → takes one step, R starts again. Presets set up the classic experiments, such as dying ReLU.</source>
        <translation>按“开始”（或空格键），观察决策面、神经元和曲线随学习而变化；→ 训练一步，R 重新开始。预设提供经典实验，例如 ReLU 神经元死亡。</translation>
    </message>
    <message>
        <source>Keep and show your work</source>
        <translation>保存和展示你的工作</translation>
    </message>
    <message>
        <source>File saves the session — every view and the runs, which continue exactly where they stopped — and exports pictures. View has the presentation mode (F5), the UI scale for a projector and the settings panel.</source>
        <translation>“文件”菜单保存会话（每个视图和各次运行，之后会从停下的地方原样继续）并导出图片。“视图”菜单有演示模式（F5）、适合投影仪的界面缩放和设置面板。</translation>
    </message>
    <message>
        <source>That is all</source>
        <translation>就是这些</translation>
    </message>
    <message>
        <source>Help → Keyboard shortcuts lists every key, and Help → Tour shows this again.</source>
        <translation>“帮助 → 键盘快捷键”列出所有按键，“帮助 → 导览”可再次显示本导览。</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Tour of the main controls</source>
        <translation>主要控件导览</translation>
    </message>
</context>
<context>
    <name>actlab::gui::LessonClassViewBox</name>
    <message>
        <source>&amp;Cover until Reveal:</source>
        <translation>揭晓前遮住(&amp;C)：</translation>
    </message>
    <message>
        <source>Panels covered until Reveal</source>
        <translation>揭晓前遮住的面板</translation>
    </message>
    <message>
        <source>Panels that would give the question&apos;s answer away: the class sees &quot;Answer hidden until Reveal&quot; in their place until you reveal</source>
        <translation>会泄露问题答案的面板：在你揭晓之前，全班在它们的位置上看到“答案在揭晓前隐藏”</translation>
    </message>
    <message>
        <source>Choose &amp;what the class sees</source>
        <translation>选择全班能看到的内容(&amp;W)</translation>
    </message>
    <message>
        <source>Choose what the class sees</source>
        <translation>选择全班能看到的内容</translation>
    </message>
    <message>
        <source>While on, a click on a control or panel of the view hides it from the class (it is marked) or shows it again; nothing in the view changes otherwise</source>
        <translation>开启时，点击视图中的控件或面板会对全班隐藏它（并加上标记），再点一次则重新显示；视图中的其他内容不会改变</translation>
    </message>
    <message>
        <source>Show everything</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Show every control to the class</source>
        <translation>向全班显示所有控件</translation>
    </message>
    <message>
        <source>The class sees every control.</source>
        <translation>全班能看到所有控件。</translation>
    </message>
    <message>
        <source>Hidden from the class: %1</source>
        <translation>对全班隐藏：%1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>actlab::gui::LessonController</name>
    <message>
        <source>%1: no such lesson file, nor a built-in lesson (built in: %2)</source>
        <translation>%1：没有这个课程文件，也没有这个内置课程（内置：%2）</translation>
    </message>
    <message>
        <source>%1: --scene %2: the lesson has %3 scenes</source>
        <translation>%1：--scene %2：该课程只有 %3 个场景</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Open &amp;lesson…</source>
        <translation>打开课程(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Lessons…</source>
        <translation>课程(&amp;L)…</translation>
    </message>
    <message>
        <source>Open lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>ActLab lessons (*.json);;All files (*)</source>
        <translation>ActLab 课程 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open the lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>…</source>
        <comment>a lesson figure not yet measured</comment>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>…</translation>
    </message>
    <message>
        <source>Export lesson &amp;handout…</source>
        <translation>导出课程讲义(&amp;H)…</translation>
    </message>
    <message>
        <source>No lesson is open.</source>
        <translation>没有打开的课程。</translation>
    </message>
    <message>
        <source>The handout was cancelled.</source>
        <translation>讲义导出已取消。</translation>
    </message>
    <message>
        <source>Export lesson handout</source>
        <translation>导出课程讲义</translation>
    </message>
    <message>
        <source>Open a lesson first (File → Open lesson… or Help → Lessons…).</source>
        <translation>请先打开一个课程（文件 → 打开课程… 或 帮助 → 课程…）。</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Paper:</source>
        <translation>纸张：</translation>
    </message>
    <message>
        <source>Training and measuring the lesson&apos;s scenes…</source>
        <translation>正在训练并测量课程的各个场景…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>hands: %1</source>
        <translation>举手：%1</translation>
    </message>
    <message>
        <source>Predict first, then press Enter or Reveal.</source>
        <translation>先预测，再按 Enter 或“揭晓”。</translation>
    </message>
    <message>
        <source>Training to step %1 to find out…</source>
        <translation>正在训练到第 %1 步以揭晓答案…</translation>
    </message>
    <message>
        <source>Measured:</source>
        <translation>测得：</translation>
    </message>
    <message>
        <source>No choice holds on these runs: the question has no answer here.</source>
        <translation>在这些运行上没有任何选项成立：此处问题没有答案。</translation>
    </message>
    <message>
        <source>Choices %1 all hold: the runs do not decide between them.</source>
        <translation>选项 %1 都成立：这些运行无法在它们之间做出判断。</translation>
    </message>
    <message>
        <source>The answer: %1 (%2).</source>
        <translation>答案：%1（%2）。</translation>
    </message>
    <message>
        <source>The answer: %1 (a guess within ±%2 counts).</source>
        <translation>答案：%1（误差在 ±%2 以内的猜测都算对）。</translation>
    </message>
    <message>
        <source>Answer hidden until Reveal</source>
        <translation>答案在揭晓前隐藏</translation>
    </message>
    <message>
        <source>The guesses could not be read: %1</source>
        <translation>无法读取这些猜测：%1</translation>
    </message>
    <message>
        <source>The class guessed:</source>
        <translation>全班的猜测：</translation>
    </message>
    <message numerus="yes">
        <source>%n of the class&apos;s guesses within it.</source>
        <translation>
            <numerusform>全班有 %n 个猜测在此范围内。</numerusform>
        </translation>
    </message>
    <message>
        <source>Built-in lessons</source>
        <translation>内置课程</translation>
    </message>
</context>
<context>
    <name>actlab::gui::LessonEditor</name>
    <message>
        <source>Lesson editor</source>
        <translation>课程编辑器</translation>
    </message>
    <message>
        <source>The lesson has edits that are not saved. Save them first?</source>
        <translation>课程有尚未保存的修改。先保存吗？</translation>
    </message>
    <message>
        <source>&amp;New lesson</source>
        <translation>新建课程(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Edit lesson</source>
        <translation>编辑课程(&amp;E)</translation>
    </message>
    <message>
        <source>Edit lesson</source>
        <translation>编辑课程</translation>
    </message>
    <message>
        <source>Open a lesson first (File → Open lesson… or Help → Lessons…), or use Edit lesson file….</source>
        <translation>请先打开一个课程（文件 → 打开课程… 或 帮助 → 课程…），或使用“编辑课程文件…”。</translation>
    </message>
    <message>
        <source>Edit lesson &amp;file…</source>
        <translation>编辑课程文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Edit lesson file</source>
        <translation>编辑课程文件</translation>
    </message>
    <message>
        <source>ActLab lessons (*.json)</source>
        <translation>ActLab 课程 (*.json)</translation>
    </message>
    <message>
        <source>Cannot open the lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Add scene</source>
        <translation>添加场景</translation>
    </message>
    <message>
        <source>Duplicate scene</source>
        <translation>复制场景</translation>
    </message>
    <message>
        <source>Delete scene</source>
        <translation>删除场景</translation>
    </message>
    <message>
        <source>Move scene</source>
        <translation>移动场景</translation>
    </message>
    <message>
        <source>Capture the view</source>
        <translation>捕获视图</translation>
    </message>
    <message>
        <source>Edit the lesson title</source>
        <translation>编辑课程标题</translation>
    </message>
    <message>
        <source>Edit the scene title</source>
        <translation>编辑场景标题</translation>
    </message>
    <message>
        <source>Edit the scene text</source>
        <translation>编辑场景文字</translation>
    </message>
    <message>
        <source>Highlight a panel</source>
        <translation>突出显示面板</translation>
    </message>
    <message>
        <source>Hide the settings</source>
        <translation>隐藏设置</translation>
    </message>
    <message>
        <source>Could not save the lesson to %1: %2</source>
        <translation>无法将课程保存到 %1：%2</translation>
    </message>
    <message>
        <source>Save lesson</source>
        <translation>保存课程</translation>
    </message>
    <message>
        <source>ActLab cannot open the lesson as it stands yet (%1). Save it anyway?</source>
        <translation>ActLab 暂时还无法打开当前的课程（%1）。仍然保存吗？</translation>
    </message>
    <message>
        <source>lesson.json</source>
        <translation>课程.json</translation>
    </message>
    <message>
        <source>Saved the lesson to %1</source>
        <translation>课程已保存到 %1</translation>
    </message>
    <message>
        <source>a new lesson</source>
        <translation>新课程</translation>
    </message>
    <message>
        <source>Lesson editor — %1%2</source>
        <translation>课程编辑器 — %1%2</translation>
    </message>
    <message>
        <source>Edit the speaker notes</source>
        <translation>编辑演讲者备注</translation>
    </message>
    <message>
        <source>Cover panels until the reveal</source>
        <translation>揭晓前遮住面板</translation>
    </message>
    <message>
        <source>Hide or show a control for the class</source>
        <translation>对全班隐藏或显示一个控件</translation>
    </message>
    <message>
        <source>Show every control to the class</source>
        <translation>向全班显示所有控件</translation>
    </message>
</context>
<context>
    <name>actlab::gui::LessonEditorPanel</name>
    <message>
        <source>Explorer</source>
        <translation>函数浏览</translation>
    </message>
    <message>
        <source>GELU approximations</source>
        <translation>GELU 近似</translation>
    </message>
    <message>
        <source>Gated surface</source>
        <translation>门控曲面</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>the chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>the function list</source>
        <translation>函数列表</translation>
    </message>
    <message>
        <source>the curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>the errors</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>the surface</source>
        <translation>曲面</translation>
    </message>
    <message>
        <source>the slice</source>
        <translation>截面</translation>
    </message>
    <message>
        <source>the settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>the run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>the neuron grid</source>
        <translation>神经元网格</translation>
    </message>
    <message>
        <source>the charts</source>
        <translation>图表组</translation>
    </message>
    <message>
        <source>the attention maps</source>
        <translation>注意力图</translation>
    </message>
    <message>
        <source>the distributions</source>
        <translation>分布</translation>
    </message>
    <message>
        <source>dead units</source>
        <translation>死亡单元</translation>
    </message>
    <message>
        <source>gradient norm, first / last layer</source>
        <translation>梯度范数，第一层 / 最后一层</translation>
    </message>
    <message>
        <source>test accuracy</source>
        <translation>测试准确率</translation>
    </message>
    <message>
        <source>training accuracy</source>
        <translation>训练准确率</translation>
    </message>
    <message>
        <source>token accuracy</source>
        <translation>词元准确率</translation>
    </message>
    <message>
        <source>test loss</source>
        <translation>测试损失</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
    <message>
        <source>attention entropy</source>
        <translation>注意力熵</translation>
    </message>
    <message>
        <source>dead Q/K/V units</source>
        <translation>死亡的 Q/K/V 单元</translation>
    </message>
    <message>
        <source>dead FFN units</source>
        <translation>死亡的 FFN 单元</translation>
    </message>
    <message>
        <source>gradient norm of block 1</source>
        <translation>第 1 块的梯度范数</translation>
    </message>
    <message>
        <source>attention on the negator</source>
        <translation>落在否定词上的注意力</translation>
    </message>
    <message>
        <source>Lesson editor</source>
        <translation>课程编辑器</translation>
    </message>
    <message>
        <source>What the lesson still needs</source>
        <translation>课程还缺什么</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>撤销：%1</translation>
    </message>
    <message>
        <source>Redo %1</source>
        <translation>重做：%1</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <source>Show the scene as the class sees it</source>
        <translation>按学生看到的样子显示场景</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Scenes</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Scenes (drag to reorder)</source>
        <translation>场景（拖动以调整顺序）</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>A new scene after this one, showing the current view</source>
        <translation>在此场景之后新建一个显示当前视图的场景</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>复制(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Capture this &amp;view</source>
        <translation>捕获当前视图(&amp;V)</translation>
    </message>
    <message>
        <source>The scene takes the current view as it is now: its functions, settings, runs and the steps they have trained</source>
        <translation>场景取用当前视图此刻的状态：函数、设置、运行以及已训练的步数</translation>
    </message>
    <message>
        <source>Panel to highlight</source>
        <translation>要突出显示的面板</translation>
    </message>
    <message>
        <source>Hide the settings from the class</source>
        <translation>对学生隐藏设置</translation>
    </message>
    <message>
        <source>&amp;Highlight:</source>
        <translation>突出显示(&amp;H)：</translation>
    </message>
    <message>
        <source>B</source>
        <translation>粗</translation>
    </message>
    <message>
        <source>Bold</source>
        <translation>粗体</translation>
    </message>
    <message>
        <source>I</source>
        <translation>斜</translation>
    </message>
    <message>
        <source>Italic</source>
        <translation>斜体</translation>
    </message>
    <message>
        <source>x₂</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x₂</translation>
    </message>
    <message>
        <source>Subscript</source>
        <translation>下标</translation>
    </message>
    <message>
        <source>x²</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x²</translation>
    </message>
    <message>
        <source>Superscript</source>
        <translation>上标</translation>
    </message>
    <message>
        <source>• List</source>
        <translation>• 列表</translation>
    </message>
    <message>
        <source>Bulleted list</source>
        <translation>项目符号列表</translation>
    </message>
    <message>
        <source>Measured figure to insert</source>
        <translation>要插入的测量数值</translation>
    </message>
    <message>
        <source>What the scene&apos;s runs measure once pre-trained, written as {{id}} and filled in for the class</source>
        <translation>场景的运行在预训练后测得的数值，写作 {{id}}，为学生自动填入</translation>
    </message>
    <message>
        <source>No measured figures in this view</source>
        <translation>此视图没有可测量的数值</translation>
    </message>
    <message>
        <source>&amp;Insert figure</source>
        <translation>插入数值(&amp;I)</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文字</translation>
    </message>
    <message>
        <source>⚠ translation missing</source>
        <translation>⚠ 缺少译文</translation>
    </message>
    <message>
        <source>Lesson title (%1)</source>
        <translation>课程标题（%1）</translation>
    </message>
    <message>
        <source>Scene title (%1)</source>
        <translation>场景标题（%1）</translation>
    </message>
    <message>
        <source>Scene text (%1)</source>
        <translation>场景文字（%1）</translation>
    </message>
    <message>
        <source>What the class reads beside the view (%1)</source>
        <translation>学生在视图旁读到的文字（%1）</translation>
    </message>
    <message>
        <source>✓ ActLab can open this lesson as it stands.</source>
        <translation>✓ ActLab 可以打开当前的课程。</translation>
    </message>
    <message>
        <source>Not ready yet: %1</source>
        <translation>尚未完成：%1</translation>
    </message>
    <message>
        <source>%1. %2 — %3</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>%1. %2 — %3</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <source>View: %1</source>
        <translation>视图：%1</translation>
    </message>
    <message>
        <source>, pre-trained %1 steps</source>
        <translation>，预训练 %1 步</translation>
    </message>
    <message>
        <source>No panel</source>
        <translation>不突出显示</translation>
    </message>
    <message>
        <source>%1, run %2</source>
        <translation>%1，运行 %2</translation>
    </message>
    <message>
        <source>A</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>A</translation>
    </message>
    <message>
        <source>block 1, head 1: attention on the token before</source>
        <translation>第 1 块第 1 头：对前一个词元的注意力</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Speaker notes (%1)</source>
        <translation>演讲者备注（%1）</translation>
    </message>
    <message>
        <source>Speaker notes (%1): on the presenter&apos;s screen only, not projected or printed</source>
        <translation>演讲者备注（%1）：只显示在演讲者屏幕上，不投影也不打印</translation>
    </message>
    <message>
        <source>Train the view to the step the question is about, then Capture this view: the scene pre-trains that far at the reveal.</source>
        <translation>先把视图训练到问题所说的步数，再点“捕获当前视图”：揭晓时场景会预训练到这一步。</translation>
    </message>
</context>
<context>
    <name>actlab::gui::LessonQuestionEditor</name>
    <message>
        <source>Ask the class a question</source>
        <translation>向学生提问</translation>
    </message>
    <message>
        <source>Add a question</source>
        <translation>添加问题</translation>
    </message>
    <message>
        <source>Remove the question</source>
        <translation>删除问题</translation>
    </message>
    <message>
        <source>The question (%1)</source>
        <translation>问题（%1）</translation>
    </message>
    <message>
        <source>Edit the question</source>
        <translation>编辑问题</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>Kind of question</source>
        <translation>问题类型</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>选择题</translation>
    </message>
    <message>
        <source>A number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Choices: their texts and when each is right</source>
        <translation>选项：其文字及各自成立的条件</translation>
    </message>
    <message>
        <source>Right when</source>
        <translation>成立条件</translation>
    </message>
    <message>
        <source>Add choice</source>
        <translation>添加选项</translation>
    </message>
    <message>
        <source>Remove choice</source>
        <translation>删除选项</translation>
    </message>
    <message>
        <source>Add a choice</source>
        <translation>添加选项</translation>
    </message>
    <message>
        <source>Remove a choice</source>
        <translation>删除选项</translation>
    </message>
    <message>
        <source>dead_fraction(a)</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>dead_fraction(a)</translation>
    </message>
    <message>
        <source>The figure that answers it</source>
        <translation>给出答案的数值</translation>
    </message>
    <message>
        <source>How far a guess may be</source>
        <translation>猜测允许的误差</translation>
    </message>
    <message>
        <source>Edit the answer</source>
        <translation>编辑答案</translation>
    </message>
    <message>
        <source>Edit the tolerance</source>
        <translation>编辑允许误差</translation>
    </message>
    <message>
        <source>Answer:</source>
        <translation>答案：</translation>
    </message>
    <message>
        <source>±</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>±</translation>
    </message>
    <message>
        <source>Ask for a number</source>
        <translation>改为数值题</translation>
    </message>
    <message>
        <source>Ask to choose</source>
        <translation>改为选择题</translation>
    </message>
    <message>
        <source>Edit a choice</source>
        <translation>编辑选项</translation>
    </message>
    <message>
        <source>A question is answered by a Training or Attention scene&apos;s runs</source>
        <translation>问题由训练或注意力场景的运行来回答</translation>
    </message>
    <message>
        <source>Write each choice&apos;s condition on the runs&apos; figures, e.g. %1 or %2. Runs: %3. Figures: %4 (layer_grad_norm(a, block), previous_token_attention(a, block, head)).</source>
        <translation>为每个选项写出关于运行数值的条件，例如 %1 或 %2。运行：%3。数值：%4（layer_grad_norm(a, 块)，previous_token_attention(a, 块, 头)）。</translation>
    </message>
</context>
<context>
    <name>actlab::gui::MainWindow</name>
    <message>
        <source>Quit ActLab</source>
        <translation>退出 ActLab</translation>
    </message>
    <message>
        <source>Save the session before quitting? Quitting without saving loses %1.</source>
        <translation>退出前保存会话吗？不保存就退出会丢失%1。</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>性质</translation>
    </message>
    <message>
        <source>ActLab — activation functions</source>
        <translation>ActLab — 激活函数</translation>
    </message>
    <message>
        <source>Backend: %1 — %2</source>
        <translation>计算后端：%1 — %2</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Export plot &amp;PNG…</source>
        <translation>导出图表为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <source>Export plot as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export plot &amp;SVG…</source>
        <translation>导出图表为 SVG(&amp;S)…</translation>
    </message>
    <message>
        <source>Export plot as SVG</source>
        <translation>将图表导出为 SVG</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export data &amp;CSV…</source>
        <translation>导出数据为 CSV(&amp;C)…</translation>
    </message>
    <message>
        <source>Export plotted data as CSV</source>
        <translation>将绘制的数据导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export panel &amp;image…</source>
        <translation>导出面板图像(&amp;I)…</translation>
    </message>
    <message>
        <source>Export panel image</source>
        <translation>导出面板图像</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出%1</translation>
    </message>
    <message>
        <source>Show P&amp;yTorch code…</source>
        <translation>显示 PyTorch 代码(&amp;Y)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Settings panel</source>
        <translation>设置面板(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Leave presentation</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>UI &amp;scale</source>
        <translation>界面缩放(&amp;S)</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空格键</translation>
    </message>
    <message>
        <source>Play or pause (Training, Attention)</source>
        <translation>开始或暂停（训练、注意力）</translation>
    </message>
    <message>
        <source>→</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>→</translation>
    </message>
    <message>
        <source>One step (Training, Attention)</source>
        <translation>训练一步（训练、注意力）</translation>
    </message>
    <message>
        <source>R</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>R</translation>
    </message>
    <message>
        <source>Reset the run (Training, Attention)</source>
        <translation>重置本次训练（训练、注意力）</translation>
    </message>
    <message>
        <source>Ctrl+Shift+H</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Ctrl+Shift+H</translation>
    </message>
    <message>
        <source>Show or hide the settings panel</source>
        <translation>显示或隐藏设置面板</translation>
    </message>
    <message>
        <source>F5</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>F5</translation>
    </message>
    <message>
        <source>Presentation: full screen</source>
        <translation>演示模式：全屏</translation>
    </message>
    <message>
        <source>Esc</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Leave the presentation</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>F11</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>F11</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>全屏</translation>
    </message>
    <message>
        <source>Ctrl+1 … Ctrl+5</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Ctrl+1 … Ctrl+5</translation>
    </message>
    <message>
        <source>Go to a tab</source>
        <translation>切换到某个标签页</translation>
    </message>
    <message>
        <source>Ctrl+E, Ctrl+Shift+E</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Ctrl+E, Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Export the plot as PNG, as SVG</source>
        <translation>将图表导出为 PNG、SVG</translation>
    </message>
    <message>
        <source>Ctrl+Shift+C</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <source>Export the plotted data as CSV</source>
        <translation>将绘制的数据导出为 CSV</translation>
    </message>
    <message>
        <source>Ctrl+O, Ctrl+S, Ctrl+Shift+S</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Ctrl+O, Ctrl+S, Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>Open, save, save the session as</source>
        <translation>打开会话、保存会话、会话另存为</translation>
    </message>
    <message>
        <source>Ctrl+Q</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Ctrl+Q</translation>
    </message>
    <message>
        <source>Quit (asks to save unsaved work first)</source>
        <translation>退出（先询问是否保存未保存的工作）</translation>
    </message>
    <message>
        <source>The Training view shows no picture &quot;%1&quot;.</source>
        <translation>训练视图中没有图片“%1”。</translation>
    </message>
    <message>
        <source>Could not write the image %1.</source>
        <translation>无法写入图像 %1。</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>&amp;Tour of the main controls</source>
        <translation>主要控件导览(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;About ActLab</source>
        <translation>关于 ActLab(&amp;A)</translation>
    </message>
    <message>
        <source>About ActLab</source>
        <translation>关于 ActLab</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ActLab %1&lt;/h3&gt;&lt;p&gt;Activation functions in neural networks: explore them, train with them, watch attention heads learn.&lt;/p&gt;&lt;table cellspacing=&quot;4&quot;&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%2 (built with %3)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Compute backend&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Device&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Session files&lt;/td&gt;&lt;td&gt;format version %6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Autosave folder&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;h3&gt;ActLab %1&lt;/h3&gt;&lt;p&gt;神经网络中的激活函数：探索它们，用它们训练，观察注意力头如何学习。&lt;/p&gt;&lt;table cellspacing=&quot;4&quot;&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%2（构建于 %3）&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;计算后端&lt;/td&gt;&lt;td&gt;%4&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;设备&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;会话文件&lt;/td&gt;&lt;td&gt;格式版本 %6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;自动保存文件夹&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>PgDn, PgUp</source>
        <translation>PgDn、PgUp</translation>
    </message>
    <message>
        <source>Next or previous scene of the open lesson</source>
        <translation>打开的课程的下一个或上一个场景</translation>
    </message>
    <message>
        <source>Export view as S&amp;VG…</source>
        <translation>将视图导出为 S&amp;VG…</translation>
    </message>
    <message>
        <source>Export view as SVG</source>
        <translation>将视图导出为 SVG</translation>
    </message>
    <message>
        <source>Export run as &amp;frames…</source>
        <translation>将训练导出为帧序列(&amp;F)…</translation>
    </message>
    <message>
        <source>, .</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>, .</translation>
    </message>
    <message>
        <source>One keyframe back or on in the timeline (Training, Attention)</source>
        <translation>在时间轴上后退或前进一个关键帧（训练、注意力）</translation>
    </message>
    <message>
        <source>&amp;Colours</source>
        <translation>配色(&amp;C)</translation>
    </message>
    <message>
        <source>Curves, runs and marks</source>
        <translation>曲线、运行与标记</translation>
    </message>
    <message>
        <source>Standard palette (Tableau 10)</source>
        <translation>标准调色板（Tableau 10）</translation>
    </message>
    <message>
        <source>Colour-blind-safe palette (Okabe–Ito)</source>
        <translation>色盲友好调色板（Okabe–Ito）</translation>
    </message>
    <message>
        <source>Sequential maps (attention, neuron shares)</source>
        <translation>顺序色图（注意力、神经元占比）</translation>
    </message>
    <message>
        <source>viridis</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>viridis</translation>
    </message>
    <message>
        <source>cividis (made for colour-vision deficiency)</source>
        <translation>cividis（为色觉异常设计）</translation>
    </message>
    <message>
        <source>Diverging maps (signed values, white at 0)</source>
        <translation>发散色图（有符号的值，0 处为白色）</translation>
    </message>
    <message>
        <source>Blue–white–red (RdBu)</source>
        <translation>蓝–白–红（RdBu）</translation>
    </message>
    <message>
        <source>Blue–white–orange (as dark on both sides)</source>
        <translation>蓝–白–橙（两侧明暗相同）</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <source>Black text and axes on white, darker grid lines, lines 1.5× as thick: for washed-out projectors.</source>
        <translation>白底黑字黑坐标轴、更深的网格线、1.5 倍粗的线条：适合发白的投影仪。</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <source>Export &amp;picture</source>
        <translation>导出图片(&amp;P)</translation>
    </message>
    <message>
        <source>The view shows no picture &quot;%1&quot;.</source>
        <translation>该视图没有图片“%1”。</translation>
    </message>
    <message>
        <source>Views</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Reduce &amp;motion</source>
        <translation>减少动画(&amp;M)</translation>
    </message>
    <message>
        <source>Replays jump to their end and a training run redraws at most once a second</source>
        <translation>回放直接跳到结尾，训练运行时每秒最多重绘一次</translation>
    </message>
    <message>
        <source>cpu — %1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>cpu — %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>; on the CPU: %1</source>
        <translation>；在 CPU 上运行：%1</translation>
    </message>
    <message>
        <source>%1 lab: %2</source>
        <translation>%1实验室：%2</translation>
    </message>
    <message>
        <source>Arrows, Home, End, PgUp, PgDn</source>
        <translation>方向键、Home、End、PgUp、PgDn</translation>
    </message>
    <message>
        <source>Move the cursor on the focused chart or map (Tab to it); on attention maps [ ] the head, { } the layer</source>
        <translation>在获得焦点的图表或图上移动光标（用 Tab 移到它上面）；在注意力图上用 [ ] 切换注意力头，{ } 切换层</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>Play the focused chart&apos;s curve as sound</source>
        <translation>将获得焦点的图表中的曲线播放为声音</translation>
    </message>
    <message>
        <source>Play curve as s&amp;ound</source>
        <translation>将曲线播放为声音(&amp;O)</translation>
    </message>
    <message>
        <source>The focused chart&apos;s curve as a rising and falling pitch (Tab to a chart, Up/Down choose its curve)</source>
        <translation>将获得焦点的图表中的曲线播放为升降的音调（用 Tab 移到图表，用上/下方向键选择曲线）</translation>
    </message>
    <message>
        <source>Move the focus to a chart first (Tab), then play its curve.</source>
        <translation>请先将焦点移到图表上（按 Tab），再播放其曲线。</translation>
    </message>
</context>
<context>
    <name>actlab::gui::PresenterWindow</name>
    <message>
        <source>ActLab presenter</source>
        <translation>ActLab 演讲者视图</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>已用时间</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一个</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>End presentation</source>
        <translation>结束演示</translation>
    </message>
    <message>
        <source>Scene %1 of %2</source>
        <translation>场景 %1 / %2</translation>
    </message>
    <message>
        <source>No lesson is open</source>
        <translation>没有打开的课程</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>下一个：%1</translation>
    </message>
    <message>
        <source>Last scene</source>
        <translation>最后一个场景</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
    <message>
        <source>Speaker notes</source>
        <translation>演讲者备注</translation>
    </message>
</context>
<context>
    <name>actlab::gui::SessionManager</name>
    <message>
        <source>ActLab sessions (*.actlab)</source>
        <translation>ActLab 会话 (*.actlab)</translation>
    </message>
    <message>
        <source>&amp;Open session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Open &amp;recent session</source>
        <translation>打开最近的会话(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save session &amp;as…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Saved the session to %1</source>
        <translation>会话已保存到 %1</translation>
    </message>
    <message>
        <source>Could not save the session to %1: %2</source>
        <translation>无法将会话保存到 %1：%2</translation>
    </message>
    <message>
        <source>Could not open the session %1: %2</source>
        <translation>无法打开会话 %1：%2</translation>
    </message>
    <message>
        <source>the file is larger than 512 MB</source>
        <translation>文件大于 512 MB</translation>
    </message>
    <message>
        <source>Opened the session %1</source>
        <translation>已打开会话 %1</translation>
    </message>
    <message>
        <source>the recovered work</source>
        <translation>恢复的工作</translation>
    </message>
    <message>
        <source>changes to the views</source>
        <translation>对各视图的修改</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>Recover work</source>
        <translation>恢复工作</translation>
    </message>
    <message>
        <source>ActLab did not close properly last time. Recover the work autosaved at %1?</source>
        <translation>ActLab 上次没有正常关闭。要恢复 %1 自动保存的工作吗？</translation>
    </message>
    <message>
        <source>the %1 run (step %2)</source>
        <translation>%1视图的运行（第 %2 步）</translation>
    </message>
    <message>
        <source>(untitled)</source>
        <translation>（无标题）</translation>
    </message>
    <message>
        <source>ActLab did not close properly last time. Recover the lesson you were editing, “%1”, autosaved at %2?</source>
        <translation>ActLab 上次没有正常关闭。要恢复您正在编辑的课程“%1”（自动保存于 %2）吗？</translation>
    </message>
</context>
<context>
    <name>actlab::gui::TwoScreenPresentation</name>
    <message>
        <source>Projector screen</source>
        <translation>投影屏幕</translation>
    </message>
    <message>
        <source>Which screen is the projector? The view is shown there alone, the presenter window on another screen.</source>
        <translation>哪个屏幕是投影仪？视图会单独显示在那里，演讲者窗口显示在另一个屏幕上。</translation>
    </message>
    <message>
        <source>Projector s&amp;creen…</source>
        <translation>投影屏幕(&amp;C)…</translation>
    </message>
</context>
<context>
    <name>actlab::ui</name>
    <message>
        <source>qkv %1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>qkv %1</translation>
    </message>
    <message>
        <source>Pre-LN</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Pre-LN</translation>
    </message>
    <message>
        <source>Post-LN</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Post-LN</translation>
    </message>
    <message>
        <source>FFN %1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>FFN %1</translation>
    </message>
    <message>
        <source>%n layer(s)</source>
        <translation>%n 层</translation>
    </message>
    <message>
        <source>%n head(s)</source>
        <translation>%n 个注意力头</translation>
    </message>
    <message>
        <source>d_model %1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>d_model %1</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>not causal</source>
        <translation>非因果</translation>
    </message>
    <message>
        <source>lr %1</source>
        <translation>学习率 %1</translation>
    </message>
    <message>
        <source>warm-up %1</source>
        <translation>预热 %1</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>B</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>B</translation>
    </message>
    <message>
        <source>A</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>A</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>actlab::ui::ActivationParameterEditor</name>
    <message>
        <source>%1 (%2 to %3, default %4)</source>
        <translation>%1（%2 到 %3，默认 %4）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>actlab::ui::AttentionCharts</name>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Accuracy (test)</source>
        <translation>准确率（测试集）</translation>
    </message>
    <message>
        <source>Entropy per head</source>
        <translation>各注意力头的熵</translation>
    </message>
    <message>
        <source>Gradient norm (log)</source>
        <translation>梯度范数（对数）</translation>
    </message>
    <message>
        <source>Token: share of scored positions right; sequence: share of test sequences with every scored position right</source>
        <translation>词元：计分位置中预测正确的比例；序列：所有计分位置都正确的测试序列所占比例</translation>
    </message>
    <message>
        <source>Mean entropy (nats) of an attention row per head over the test sequences: low when a head looks at one key. Colour: layer; line style: head 1 solid, 2 dashed, 3 dotted, 4 dash-dot, …</source>
        <translation>每个注意力头在测试序列上一行注意力权重的平均熵（nats）：注意力头只看一个键时熵低。颜色：层；线型：头 1 实线，2 虚线，3 点线，4 点划线，…</translation>
    </message>
    <message>
        <source>‖∂L/∂W‖ of each block&apos;s parameters at the last step</source>
        <translation>最后一步时每个块参数的 ‖∂L/∂W‖</translation>
    </message>
    <message>
        <source>A</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>B</translation>
    </message>
    <message>
        <source>Loss · test dashed</source>
        <translation>损失 · 测试集为虚线</translation>
    </message>
    <message>
        <source>Mean head entropy</source>
        <translation>注意力头平均熵</translation>
    </message>
    <message>
        <source>Gradient (log)</source>
        <translation>梯度（对数）</translation>
    </message>
    <message>
        <source>Colour: run; solid: token accuracy (share of scored positions right), dashed: sequence accuracy (share of test sequences entirely right)</source>
        <translation>颜色：运行；实线：词元准确率（计分位置中预测正确的比例），虚线：序列准确率（完全正确的测试序列所占比例）</translation>
    </message>
    <message>
        <source>Mean entropy (nats) of an attention row over every head of each run</source>
        <translation>每次运行所有注意力头上一行注意力权重的平均熵（nats）</translation>
    </message>
    <message>
        <source>‖∂L/∂W‖ of each block&apos;s parameters at the last step; colour: layer; run A solid, run B dashed</source>
        <translation>最后一步时每个块参数的 ‖∂L/∂W‖；颜色：层；运行 A 为实线，运行 B 为虚线</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练集</translation>
    </message>
    <message>
        <source>test</source>
        <translation>测试集</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>sequence</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>L%1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>L%1</translation>
    </message>
    <message>
        <source>Cross-entropy in bits per character: train, held-out (dashed), and what counting does on the held-out part: letter frequencies (unigram) and the previous letter (bigram)</source>
        <translation>以比特/字符计的交叉熵：训练、留出（虚线），以及计数在留出部分上的成绩：字符频率（一元）和前一个字符（二元）</translation>
    </message>
    <message>
        <source>held out</source>
        <translation>留出</translation>
    </message>
    <message>
        <source>unigram</source>
        <translation>一元</translation>
    </message>
    <message>
        <source>bigram</source>
        <translation>二元</translation>
    </message>
    <message>
        <source>Loss (bits/char)</source>
        <translation>损失（比特/字符）</translation>
    </message>
</context>
<context>
    <name>actlab::ui::AttentionControls</name>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Seeds the data and the model&apos;s initialisation</source>
        <translation>数据和模型初始化的随机种子</translation>
    </message>
    <message>
        <source>Length T</source>
        <translation>长度 T</translation>
    </message>
    <message>
        <source>Vocabulary V</source>
        <translation>词表大小 V</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>Width of the residual stream; the heads split it evenly</source>
        <translation>残差流的宽度；各注意力头平均分配</translation>
    </message>
    <message>
        <source>plain (MLP)</source>
        <translation>普通（MLP）</translation>
    </message>
    <message>
        <source>gated (GLU)</source>
        <translation>门控（GLU）</translation>
    </message>
    <message>
        <source>none (attention only)</source>
        <translation>无（只有注意力）</translation>
    </message>
    <message>
        <source>Applied to the queries, keys and values after their projections; identity is the standard Transformer</source>
        <translation>在投影之后作用于查询、键和值；恒等即标准 Transformer</translation>
    </message>
    <message>
        <source>Pre-LN</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Pre-LN</translation>
    </message>
    <message>
        <source>Post-LN</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Post-LN</translation>
    </message>
    <message>
        <source>Pre-LN: x + f(LN(x)), as GPT-2; Post-LN: LN(x + f(x)), as the original Transformer</source>
        <translation>Pre-LN：x + f(LN(x))，同 GPT-2；Post-LN：LN(x + f(x))，同最初的 Transformer</translation>
    </message>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>d_model</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Feed-forward</source>
        <translation>前馈网络</translation>
    </message>
    <message>
        <source>FFN activation</source>
        <translation>FFN 激活函数</translation>
    </message>
    <message>
        <source>Q/K/V activation</source>
        <translation>Q/K/V 激活函数</translation>
    </message>
    <message>
        <source>Norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>The learning rate rises linearly over these steps, then stays</source>
        <translation>学习率在这些步内线性上升，之后保持不变</translation>
    </message>
    <message>
        <source>Sequences per step</source>
        <translation>每步的序列数</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Tokens per sequence: %1 to %2 for %3; the maps have one row and column each</source>
        <translation>每个序列的词元数：%3 为 %1 到 %2；注意力图中每个词元占一行一列</translation>
    </message>
    <message>
        <source>The %1 task fixes its length: %2 tokens</source>
        <translation>%1 任务的长度是固定的：%2 个词元</translation>
    </message>
    <message>
        <source>Distinct input tokens: %1 to %2 for %3</source>
        <translation>不同输入词元的个数：%3 为 %1 到 %2</translation>
    </message>
    <message>
        <source>The %1 task has its own %2 tokens</source>
        <translation>%1 任务有自己的 %2 个词元</translation>
    </message>
    <message>
        <source>This task needs the causal mask: a position may only look at itself and earlier positions</source>
        <translation>此任务需要因果掩码：每个位置只能看到自身和之前的位置</translation>
    </message>
    <message>
        <source>Each position may only look at itself and earlier ones</source>
        <translation>每个位置只能看到自身和之前的位置</translation>
    </message>
    <message>
        <source>Run B trains on run A&apos;s task, data and seed: edit run A to change them</source>
        <translation>运行 B 使用运行 A 的任务、数据和随机种子：要修改请编辑运行 A</translation>
    </message>
    <message>
        <source>A preset sets run A: edit run A to choose one</source>
        <translation>预设作用于运行 A：请编辑运行 A 来选择</translation>
    </message>
    <message>
        <source>Transformer · run B</source>
        <translation>Transformer · 运行 B</translation>
    </message>
    <message>
        <source>Optimizer · run B</source>
        <translation>优化器 · 运行 B</translation>
    </message>
    <message>
        <source>Edited from a preset.</source>
        <translation>在预设基础上修改。</translation>
    </message>
    <message>
        <source>%1d_model %2 does not split into %3 heads: choose a d_model that is a multiple of the number of heads.</source>
        <translation>%1d_model %2 不能平分给 %3 个注意力头：请选择注意力头数倍数的 d_model。</translation>
    </message>
    <message>
        <source>Run B: </source>
        <translation>运行 B：</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Train a second run side by side</source>
        <translation>并排训练第二次运行</translation>
    </message>
    <message>
        <source>Run B: the same task, data and seed as run A, with the settings you change for it. Both runs step together.</source>
        <translation>运行 B：与运行 A 相同的任务、数据和随机种子，加上你为它修改的设置。两次运行同步训练。</translation>
    </message>
    <message>
        <source>Run A</source>
        <translation>运行 A</translation>
    </message>
    <message>
        <source>Run B</source>
        <translation>运行 B</translation>
    </message>
    <message>
        <source>Which run the settings below show and change</source>
        <translation>下面的设置显示和修改的是哪次运行</translation>
    </message>
    <message>
        <source>Settings of</source>
        <translation>设置对象</translation>
    </message>
    <message>
        <source>B is still the same as A: choose Run B and change a setting.</source>
        <translation>B 仍与 A 相同：请选择“运行 B”并修改某项设置。</translation>
    </message>
    <message>
        <source>%1 (A: %2)</source>
        <translation>%1（A：%2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>B differs: %1</source>
        <translation>B 的不同之处：%1</translation>
    </message>
    <message>
        <source>The text to learn</source>
        <translation>要学习的文本</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
</context>
<context>
    <name>actlab::ui::AttentionGridView</name>
    <message>
        <source>No attention maps yet</source>
        <translation>还没有注意力图</translation>
    </message>
    <message>
        <source>rows: query, columns: key · click or Esc: back to the grid</source>
        <translation>行：查询，列：键 · 单击或按 Esc：回到网格</translation>
    </message>
    <message>
        <source>click or Esc: back to the grid</source>
        <translation>单击或按 Esc：回到网格</translation>
    </message>
    <message>
        <source>L: layer, H: head; in a map rows are queries, columns keys · click a head to enlarge it</source>
        <translation>L：层，H：注意力头；图中行是查询，列是键 · 单击注意力头可放大</translation>
    </message>
    <message>
        <source>L: layer, H: head; in a map rows are queries, columns keys · click a head to enlarge it and read its tokens</source>
        <translation>L：层，H：注意力头；图中行是查询，列是键 · 单击注意力头可放大并查看词元</translation>
    </message>
    <message>
        <source>rows: queries, columns: keys · click a head to enlarge it</source>
        <translation>行：查询，列：键 · 单击注意力头可放大</translation>
    </message>
    <message>
        <source>click a head to enlarge it</source>
        <translation>单击注意力头可放大</translation>
    </message>
    <message>
        <source>Layer %1 · head %2</source>
        <translation>第 %1 层 · 注意力头 %2</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>L%1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>L%1</translation>
    </message>
    <message>
        <source>H%1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>H%1</translation>
    </message>
    <message>
        <source>query %1 (pos %2) → key %3 (pos %4): weight %5 · layer %6, head %7</source>
        <translation>查询 %1（位置 %2）→ 键 %3（位置 %4）：权重 %5 · 第 %6 层，注意力头 %7</translation>
    </message>
    <message>
        <source>Attention maps</source>
        <translation>注意力图</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>layer %1, head %2, query “%3” (pos %4), key “%5” (pos %6): %7</source>
        <comment>attention map cursor</comment>
        <translation>第 %1 层，第 %2 个头，查询“%3”（位置 %4），键“%5”（位置 %6）：%7</translation>
    </message>
    <message>
        <source>diagonal (each token itself)</source>
        <translation>对角线（每个词元看自身）</translation>
    </message>
    <message>
        <source>anti-diagonal (the sequence reversed)</source>
        <translation>反对角线（序列倒序）</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>前一个词元</translation>
    </message>
    <message>
        <source>first token</source>
        <translation>第一个词元</translation>
    </message>
    <message>
        <source>uniform</source>
        <translation>均匀</translation>
    </message>
    <message>
        <source>no single pattern</source>
        <translation>无单一模式</translation>
    </message>
    <message>
        <source>L%1 H%2: %3 (%4)</source>
        <comment>a head&apos;s strongest pattern and its mean weight</comment>
        <translation>L%1 H%2：%3（%4）</translation>
    </message>
    <message>
        <source>Strongest patterns: %1.</source>
        <translation>最强模式：%1。</translation>
    </message>
    <message>
        <source>Each map: how much each query position (row) attends to each key position (column). Click a head to enlarge it; click again or press Esc to go back. Keys: arrows move the cursor, [ ] the head, { } the layer, Enter enlarges.</source>
        <translation>每张图：每个查询位置（行）对每个键位置（列）的注意力有多大。单击注意力头可放大；再次单击或按 Esc 返回。按键：方向键移动光标，[ ] 切换注意力头，{ } 切换层，Enter 放大。</translation>
    </message>
</context>
<context>
    <name>actlab::ui::AttentionMapsPair</name>
    <message>
        <source>Attention maps of run A</source>
        <translation>运行 A 的注意力图</translation>
    </message>
    <message>
        <source>Attention maps of run B</source>
        <translation>运行 B 的注意力图</translation>
    </message>
</context>
<context>
    <name>actlab::ui::AttentionView</name>
    <message>
        <source>Train exactly one step (both runs in compare mode)</source>
        <translation>只训练一步（对比模式下两次运行都训练）</translation>
    </message>
    <message>
        <source>Steps per frame, at about 30 frames a second; full: as many steps as fit, the maps still redrawn about 30 times a second</source>
        <translation>每帧训练的步数，约每秒 30 帧；全速：能训练多少步就训练多少步，注意力图仍约每秒重绘 30 次</translation>
    </message>
    <message>
        <source>Hover a map to read a weight.</source>
        <translation>将鼠标悬停在图上可读取权重。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>A</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>B</translation>
    </message>
    <message>
        <source>Your sequence (waiting for the model)</source>
        <translation>你的序列（等待模型）</translation>
    </message>
    <message>
        <source>Which held-out sequence the maps show</source>
        <translation>注意力图显示的是哪条留出序列</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探针序列</translation>
    </message>
    <message>
        <source>Cannot build this model: %1</source>
        <translation>无法构建此模型：%1</translation>
    </message>
    <message>
        <source>Diverged at step %1: the loss or the gradient became NaN or infinite. The maps and curves show the last finite state; press Reset (or lower the learning rate).</source>
        <translation>在第 %1 步发散：损失或梯度变成了 NaN 或无穷大。注意力图和曲线显示的是最后一个有限状态；请按“重置”（或降低学习率）。</translation>
    </message>
    <message>
        <source>Cannot build run B: %1</source>
        <translation>无法构建运行 B：%1</translation>
    </message>
    <message>
        <source>Run B diverged at step %1 and stopped; run A trains on.</source>
        <translation>运行 B 在第 %1 步发散并停止；运行 A 继续训练。</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>loss A %1, B %2</source>
        <translation>损失 A %1，B %2</translation>
    </message>
    <message>
        <source>loss %1</source>
        <translation>损失 %1</translation>
    </message>
    <message>
        <source>%1 steps/s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <source>token accuracy A %1, B %2</source>
        <translation>词元准确率 A %1，B %2</translation>
    </message>
    <message>
        <source>sequences A %1, B %2</source>
        <translation>序列 A %1，B %2</translation>
    </message>
    <message>
        <source>token accuracy %1</source>
        <translation>词元准确率 %1</translation>
    </message>
    <message>
        <source>sequences %1</source>
        <translation>序列 %1</translation>
    </message>
    <message>
        <source>Test loss (cross-entropy over %1 held-out sequences), the share of scored positions predicted right, and of sequences entirely right</source>
        <translation>测试损失（%1 条留出序列上的交叉熵）、计分位置中预测正确的比例，以及完全正确的序列所占比例</translation>
    </message>
    <message>
        <source> (catching up: step %1 of %2)</source>
        <translation>（追赶中：第 %1 步，共 %2 步）</translation>
    </message>
    <message>
        <source>Your sequence</source>
        <translation>你的序列</translation>
    </message>
    <message>
        <source>Probe %1</source>
        <translation>探针序列 %1</translation>
    </message>
    <message>
        <source>model: %1 · %2 of %3 right</source>
        <translation>模型：%1 · %3 个中对了 %2 个</translation>
    </message>
    <message>
        <source>The model&apos;s prediction for this probe; wrong ones underlined in red, unscored positions grey</source>
        <translation>模型对此探针序列的预测；错误的以红色下划线标出，不计分的位置为灰色</translation>
    </message>
    <message>
        <source>Replay: step %1 · the run is at step %2</source>
        <translation>回放：第 %1 步 · 训练已到第 %2 步</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>held out %1 bits/char (bigram %2)</source>
        <translation>留出 %1 比特/字符（二元 %2）</translation>
    </message>
    <message>
        <source>next-character accuracy %1</source>
        <translation>下一字符准确率 %1</translation>
    </message>
    <message>
        <source>held out A %1, B %2 bits/char</source>
        <translation>留出 A %1，B %2 比特/字符</translation>
    </message>
    <message>
        <source>next-character accuracy A %1, B %2</source>
        <translation>下一字符准确率 A %1，B %2</translation>
    </message>
    <message>
        <source>Probe sequence</source>
        <translation>探针序列</translation>
    </message>
</context>
<context>
    <name>actlab::ui::AttentionWorker</name>
    <message>
        <source>the %1 backend could not make its tensor ops</source>
        <translation>%1 后端无法创建其张量运算</translation>
    </message>
</context>
<context>
    <name>actlab::ui::AudioTrace</name>
    <message>
        <source>There is no curve to play.</source>
        <translation>没有可播放的曲线。</translation>
    </message>
    <message>
        <source>No sound output is available here: %1 cannot be played.</source>
        <translation>此处没有可用的声音输出：无法播放%1。</translation>
    </message>
    <message>
        <source>Playing %1 (%2 s): higher pitch, higher value; a tick at x = 0 and where the curve crosses zero.</source>
        <translation>正在播放%1（%2 秒）：音调越高，数值越大；在 x = 0 处和曲线穿过零的位置有一声滴答。</translation>
    </message>
</context>
<context>
    <name>actlab::ui::ChartPages</name>
    <message>
        <source>The window is too small for all the charts at once</source>
        <translation>窗口太小，无法同时显示所有图表</translation>
    </message>
</context>
<context>
    <name>actlab::ui::ChartView</name>
    <message>
        <source>Wheel: zoom around the pointer (Shift: x only, Ctrl: y only)
Left-drag: zoom to the rectangle
Right-drag or middle-drag: pan
Double-click or R: reset the view
Left/Right: move the cursor along the curve (Home/End: the ends, Page Up/Down: a tenth)
Up/Down: the next or previous curve
Shift+arrow keys: pan, +/−: zoom</source>
        <translation>滚轮：以指针为中心缩放（Shift：仅 x，Ctrl：仅 y）
左键拖动：缩放到矩形
右键或中键拖动：平移
双击或 R：重置视图
左/右：沿曲线移动光标（Home/End：两端，Page Up/Down：十分之一）
上/下：上一条或下一条曲线
Shift+方向键：平移，+/−：缩放</translation>
    </message>
</context>
<context>
    <name>actlab::ui::CursorReadout</name>
    <message>
        <source>Function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>f(x)</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>f(x)</translation>
    </message>
    <message>
        <source>f′(x)</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>f′(x)</translation>
    </message>
    <message>
        <source>f″(x)</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>f″(x)</translation>
    </message>
    <message>
        <source>Values at the x under the mouse pointer, from the exact formulas</source>
        <translation>鼠标指针所在 x 处的值，由精确公式计算</translation>
    </message>
    <message>
        <source>Cursor: x = %1</source>
        <translation>光标：x = %1</translation>
    </message>
    <message>
        <source>Cursor: move the mouse over the plot</source>
        <translation>光标：将鼠标移到图上</translation>
    </message>
    <message>
        <source>Values at the cursor</source>
        <translation>光标处的值</translation>
    </message>
    <message>
        <source>no cursor</source>
        <translation>无光标</translation>
    </message>
</context>
<context>
    <name>actlab::ui::CurveChart</name>
    <message>
        <source>x</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x</translation>
    </message>
    <message>
        <source>y</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>y</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Plot</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <comment>a chart&apos;s name for a screen reader: y by x</comment>
        <translation>%1 随 %2</translation>
    </message>
    <message>
        <source>%1 rises from %2 to %3</source>
        <translation>%1 从 %2 升到 %3</translation>
    </message>
    <message>
        <source>%1 falls from %2 to %3</source>
        <translation>%1 从 %2 降到 %3</translation>
    </message>
    <message>
        <source>%1 stays at %2</source>
        <translation>%1 保持在 %2</translation>
    </message>
    <message>
        <source>%1 as %2 goes from %3 to %4</source>
        <translation>%2 从 %3 到 %4 时，%1</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <comment>cursor reading, then the chart&apos;s trends</comment>
        <translation>%1。%2</translation>
    </message>
    <message>
        <source>%1 at %2 = %3: %4</source>
        <comment>keyboard cursor: curve at x-title = x: y</comment>
        <translation>%1 在 %2 = %3 处：%4</translation>
    </message>
    <message>
        <source>the curve</source>
        <translation>曲线</translation>
    </message>
    <message>
        <source>Play curve as sound</source>
        <translation>将曲线播放为声音</translation>
    </message>
</context>
<context>
    <name>actlab::ui::DataTableDialog</name>
    <message>
        <source>%1 as a table</source>
        <translation>%1（表格）</translation>
    </message>
    <message>
        <source>Data of %1</source>
        <translation>%1 的数据</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of data, the same as the CSV export.</source>
        <translation>
            <numerusform>%n 行数据，与 CSV 导出相同。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>actlab::ui::DecisionSurfaceView</name>
    <message>
        <source>x₁</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x₁</translation>
    </message>
    <message>
        <source>x₂</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x₂</translation>
    </message>
    <message>
        <source>P(class 1)</source>
        <translation>P(类别 1)</translation>
    </message>
    <message>
        <source>The model&apos;s prediction, p = P(class 1), on a fixed scale: red is class 1, blue class 0, white the decision boundary (p = ½). With Draw points on, a click adds a point of the chosen class; Shift+click adds the other class.</source>
        <translation>模型的预测 p = P(类别 1)，使用固定色标：红色为类别 1，蓝色为类别 0，白色为决策边界（p = ½）。打开“绘制数据点”后，单击添加所选类别的点；Shift+单击添加另一类别的点。</translation>
    </message>
    <message>
        <source>class %1</source>
        <translation>类别 %1</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>The model&apos;s prediction, p = P(class 1), on a fixed scale: orange is class 1, blue class 0, white the decision boundary (p = ½). With Draw points on, a click adds a point of the chosen class; Shift+click adds the other class.</source>
        <translation>模型的预测 p = P(类别 1)，使用固定色标：橙色为类别 1，蓝色为类别 0，白色为决策边界（p = ½）。打开“绘制数据点”后，单击添加所选类别的点；Shift+单击添加另一类别的点。</translation>
    </message>
    <message>
        <source>Decision surface</source>
        <translation>决策面</translation>
    </message>
</context>
<context>
    <name>actlab::ui::DistributionCharts</name>
    <message>
        <source>The site&apos;s pre-activation z on the probe batch at each measured step: the median (solid) and the percentiles 0, 6.7, 15.9, 30.9 | 69.1, 84.1, 93.3, 100 (paler outwards: ±1.5σ, ±σ, ±σ/2 of a normal distribution). A unit of the ReLU family dies when its z drifts below 0 on every input.</source>
        <translation>该位置在探针批次上每个测量步的预激活 z：中位数（实线）与百分位 0、6.7、15.9、30.9 | 69.1、84.1、93.3、100（越往外越淡：对应正态分布的 ±1.5σ、±σ、±σ/2）。当 ReLU 族单元的 z 在所有输入上都漂到 0 以下时，它就死亡了。</translation>
    </message>
    <message>
        <source>z</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>z</translation>
    </message>
    <message>
        <source>Activation site</source>
        <translation>激活位置</translation>
    </message>
    <message>
        <source>The activation site whose distribution is shown</source>
        <translation>显示其分布的激活位置</translation>
    </message>
    <message>
        <source>hidden layer %1</source>
        <translation>隐藏层 %1</translation>
    </message>
    <message>
        <source>block %1 gate</source>
        <translation>第 %1 块 门控</translation>
    </message>
    <message>
        <source>block %1 %2</source>
        <translation>第 %1 块 %2</translation>
    </message>
    <message>
        <source>block %1 FFN gate</source>
        <translation>第 %1 块 FFN 门控</translation>
    </message>
    <message>
        <source>block %1 FFN hidden</source>
        <translation>第 %1 块 FFN 隐藏单元</translation>
    </message>
    <message>
        <source>block %1 attention logits</source>
        <translation>第 %1 块 注意力 logits</translation>
    </message>
    <message>
        <source>block %1 residual into LN%2</source>
        <translation>第 %1 块 进入 LN%2 的残差流</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>z = 0</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>z = 0</translation>
    </message>
    <message>
        <source>z ≤ 0: %1</source>
        <translation>z ≤ 0：%1</translation>
    </message>
    <message>
        <source>z by step</source>
        <translation>各步的 z</translation>
    </message>
    <message>
        <source>z histograms</source>
        <translation>z 的直方图</translation>
    </message>
    <message>
        <source>The site&apos;s histogram of z (a density: each bin&apos;s share over its width) at up to five kept steps (the legend names them), first to last, on bin edges fixed for the whole run (the values outside them are counted in the exports); for the ReLU family the dotted line marks z = 0 and its legend entry gives the share of z ≤ 0 at the last step.</source>
        <translation>该位置 z 的直方图（密度：每个分箱的占比除以其宽度），在至多五个保留步（图例列出步数）上，从第一步到最后一步，分箱边界在整个训练中固定（落在边界之外的值计入导出数据）；对 ReLU 族，点线标出 z = 0，其图例给出最后一步 z ≤ 0 的占比。</translation>
    </message>
    <message>
        <source>mix shares by step</source>
        <translation>混合占比随步数</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>The learnable mix at this site, Σ softmax(w)ᵢ·fᵢ(z): each function&apos;s share softmax(w)ᵢ at each measured step, stacked (they sum to 1; the mean over units when each unit has its own mixture). Equal at step 0; the network moves them.</source>
        <translation>此位置的可学习混合 Σ softmax(w)ᵢ·fᵢ(z)：每个测量步上各函数的占比 softmax(w)ᵢ，堆叠显示（总和为 1；每个单元各有一组混合时取各单元的平均）。第 0 步时相等，由网络在训练中调整。</translation>
    </message>
    <message>
        <source>A: median</source>
        <translation>A：中位数</translation>
    </message>
    <message>
        <source>B: median</source>
        <translation>B：中位数</translation>
    </message>
</context>
<context>
    <name>actlab::ui::ExplorerCurves</name>
    <message>
        <source>v must be between %1 and %2.</source>
        <translation>v 必须在 %1 和 %2 之间。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>actlab::ui::ExplorerPanel</name>
    <message>
        <source>Unknown function &quot;%1&quot;.</source>
        <translation>未知函数“%1”。</translation>
    </message>
    <message>
        <source>f(x) solid</source>
        <translation>f(x) ——</translation>
    </message>
    <message>
        <source>f′(x) dashed</source>
        <translation>f′(x) – –</translation>
    </message>
    <message>
        <source>f″(x) dotted</source>
        <translation>f″(x) ···</translation>
    </message>
    <message>
        <source>x</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x</translation>
    </message>
    <message>
        <source>y</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>y</translation>
    </message>
    <message>
        <source>The x range must be made of finite numbers.</source>
        <translation>x 范围必须由有限数构成。</translation>
    </message>
    <message>
        <source>The x range needs low &lt; high (got %1 and %2).</source>
        <translation>x 范围需要下限 &lt; 上限（得到 %1 和 %2）。</translation>
    </message>
    <message>
        <source>The x range is too narrow (at least %1 wide).</source>
        <translation>x 范围太窄（宽度至少为 %1）。</translation>
    </message>
    <message>
        <source>The x range must lie within ±%1.</source>
        <translation>x 范围必须在 ±%1 以内。</translation>
    </message>
    <message>
        <source>value input v of y = act(x)·v</source>
        <translation>y = act(x)·v 的值输入 v</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>f</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>f</translation>
    </message>
    <message>
        <source>f′ (dashed)</source>
        <translation>f′（虚线）</translation>
    </message>
    <message>
        <source>f″ (dotted)</source>
        <translation>f″（点线）</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Plot this x range (it becomes the range Reset returns to)</source>
        <translation>绘制此 x 范围（“重置视图”将回到这个范围）</translation>
    </message>
    <message>
        <source>Reset view</source>
        <translation>重置视图</translation>
    </message>
    <message>
        <source>Back to the applied x range with y fitted (also: double-click, Home)</source>
        <translation>回到已应用的 x 范围并自动适配 y（也可双击或按 Home）</translation>
    </message>
    <message>
        <source>x from</source>
        <translation>x 从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>None of the shown functions has parameters. Leaky ReLU, PReLU, ELU, Softplus and Swish do, and gated units have their value input v.</source>
        <translation>显示的函数都没有参数。Leaky ReLU、PReLU、ELU、Softplus 和 Swish 有参数，门控单元有值输入 v。</translation>
    </message>
    <message>
        <source>Explorer</source>
        <translation>函数浏览</translation>
    </message>
    <message>
        <source>x to</source>
        <translation>x 到</translation>
    </message>
</context>
<context>
    <name>actlab::ui::FitPlotView</name>
    <message>
        <source>x   (points: data; line: the model&apos;s fit)</source>
        <translation>x   （点：数据；线：模型的拟合）</translation>
    </message>
    <message>
        <source>Fitted curve</source>
        <translation>拟合曲线</translation>
    </message>
</context>
<context>
    <name>actlab::ui::FunctionListWidget</name>
    <message>
        <source>Scalar functions</source>
        <translation>标量函数</translation>
    </message>
    <message>
        <source>Gated units: y = act(x)·v at fixed v</source>
        <translation>门控单元：y = act(x)·v，v 固定</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>The functions to plot: check one to show its curve</source>
        <translation>要绘制的函数：勾选一个以显示其曲线</translation>
    </message>
</context>
<context>
    <name>actlab::ui::GatedSurfacePanel</name>
    <message>
        <source>Samples along each axis; the surface has this many squared.</source>
        <translation>每个轴上的采样点数；曲面的采样点数是它的平方。</translation>
    </message>
    <message>
        <source>Draw with OpenGL</source>
        <translation>用 OpenGL 绘制</translation>
    </message>
    <message>
        <source>Upload the surface as a texture instead of painting it.</source>
        <translation>把曲面作为纹理上传，而不是逐点绘制。</translation>
    </message>
    <message>
        <source>OpenGL is not available on this display.</source>
        <translation>此显示器上无法使用 OpenGL。</translation>
    </message>
    <message>
        <source>Within the v window; click the surface to choose the slice.</source>
        <translation>在 v 窗口内；单击曲面选择切片。</translation>
    </message>
    <message>
        <source>Surface</source>
        <translation>曲面</translation>
    </message>
    <message>
        <source>Gated unit:</source>
        <translation>门控单元：</translation>
    </message>
    <message>
        <source>x from:</source>
        <translation>x 从：</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>v from:</source>
        <translation>v 从：</translation>
    </message>
    <message>
        <source>Points per axis:</source>
        <translation>每轴点数：</translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation>配色：</translation>
    </message>
    <message>
        <source>Under the cursor</source>
        <translation>光标处</translation>
    </message>
    <message>
        <source>Over the whole surface</source>
        <translation>整个曲面上</translation>
    </message>
    <message>
        <source>Slice</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>At v =</source>
        <translation>v =</translation>
    </message>
    <message>
        <source>x (gate input)</source>
        <translation>x（门控输入）</translation>
    </message>
    <message>
        <source>v (value input)</source>
        <translation>v（值输入）</translation>
    </message>
    <message>
        <source>y</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>y</translation>
    </message>
    <message>
        <source>x</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x</translation>
    </message>
    <message>
        <source>Move the pointer over the surface.</source>
        <translation>将指针移到曲面上。</translation>
    </message>
    <message>
        <source>The x window must start below where it ends.</source>
        <translation>x 窗口的起点必须小于终点。</translation>
    </message>
    <message>
        <source>The v window must start below where it ends.</source>
        <translation>v 窗口的起点必须小于终点。</translation>
    </message>
    <message>
        <source>Smallest y: %1
Largest y: %2
Samples: %3 × %4
NaN cells: %5</source>
        <translation>最小 y：%1
最大 y：%2
采样：%3 × %4
NaN 单元：%5</translation>
    </message>
    <message>
        <source>y(x) at v = %1</source>
        <translation>v = %1 时的 y(x)</translation>
    </message>
    <message>
        <source>Slice at v = %1</source>
        <translation>v = %1 处的切片</translation>
    </message>
    <message>
        <source>y over x at v = %1, the surface&apos;s sampled row nearest to the v you chose</source>
        <translation>v = %1 时 y 随 x 的变化，取曲面上最接近所选 v 的采样行</translation>
    </message>
    <message>
        <source>NaN (not a number)</source>
        <translation>NaN（非数）</translation>
    </message>
    <message>
        <source>x = %1
v = %2
y = %3</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x = %1
v = %2
y = %3</translation>
    </message>
    <message>
        <source>Diverging (white at 0)</source>
        <translation>发散（0 处为白色）</translation>
    </message>
    <message>
        <source>Sequential</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>Which kind of map; View → Colours chooses the maps themselves (RdBu or blue–white–orange, viridis or cividis).</source>
        <translation>色图的种类；具体色图在 视图 → 配色 中选择（RdBu 或 蓝–白–橙，viridis 或 cividis）。</translation>
    </message>
    <message>
        <source>Gated surfaces</source>
        <translation>门控曲面</translation>
    </message>
    <message>
        <source>x from</source>
        <translation>x 从</translation>
    </message>
    <message>
        <source>x to</source>
        <translation>x 到</translation>
    </message>
    <message>
        <source>v from</source>
        <translation>v 从</translation>
    </message>
    <message>
        <source>v to</source>
        <translation>v 到</translation>
    </message>
</context>
<context>
    <name>actlab::ui::GeluApproximationPanel</name>
    <message>
        <source>Move the pointer over a chart.</source>
        <translation>将指针移到图表上。</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>x from:</source>
        <translation>x 从：</translation>
    </message>
    <message>
        <source>x to:</source>
        <translation>x 到：</translation>
    </message>
    <message>
        <source>tanh approximation</source>
        <translation>tanh 近似</translation>
    </message>
    <message>
        <source>sigmoid approximation</source>
        <translation>sigmoid 近似</translation>
    </message>
    <message>
        <source>approximation − exact</source>
        <translation>近似值 − 精确值</translation>
    </message>
    <message>
        <source>|error|, log axis</source>
        <translation>|误差|，对数轴</translation>
    </message>
    <message>
        <source>relative error, log axis</source>
        <translation>相对误差，对数轴</translation>
    </message>
    <message>
        <source>Relative error: |approximation − exact| / |GELU(x)|, undefined at x = 0</source>
        <translation>相对误差：|近似值 − 精确值| / |GELU(x)|，在 x = 0 处无定义</translation>
    </message>
    <message>
        <source>each on its own scale</source>
        <translation>各用自己的刻度</translation>
    </message>
    <message>
        <source>Error chart shows</source>
        <translation>误差图显示</translation>
    </message>
    <message>
        <source>Largest errors on the window</source>
        <translation>窗口内的最大误差</translation>
    </message>
    <message>
        <source>Under the cursor</source>
        <translation>光标处</translation>
    </message>
    <message>
        <source>GELU and its approximations</source>
        <translation>GELU 及其近似</translation>
    </message>
    <message>
        <source>x</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x</translation>
    </message>
    <message>
        <source>f(x)</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>f(x)</translation>
    </message>
    <message>
        <source>The window must start below where it ends.</source>
        <translation>窗口的起点必须小于终点。</translation>
    </message>
    <message>
        <source>exact GELU</source>
        <translation>精确 GELU</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;%2&lt;/i&gt;&lt;br&gt;largest |error|: &lt;b&gt;%3&lt;/b&gt; at x = %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;%2&lt;/i&gt;&lt;br&gt;最大 |误差|：&lt;b&gt;%3&lt;/b&gt;，位于 x = %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Largest sigmoid error ÷ largest tanh error: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;sigmoid 最大误差 ÷ tanh 最大误差：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>|error|</source>
        <translation>|误差|</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>|approximation − exact|</source>
        <translation>|近似值 − 精确值|</translation>
    </message>
    <message>
        <source>|error| / |GELU(x)|</source>
        <translation>|误差| / |GELU(x)|</translation>
    </message>
    <message>
        <source>tanh form</source>
        <translation>tanh 形式</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>误差：%1</translation>
    </message>
    <message>
        <source>sigmoid form</source>
        <translation>sigmoid 形式</translation>
    </message>
    <message>
        <source>x = %1
tanh error: %2
sigmoid error: %3</source>
        <translation>x = %1
tanh 误差：%2
sigmoid 误差：%3</translation>
    </message>
    <message>
        <source>GELU approximations</source>
        <translation>GELU 近似</translation>
    </message>
    <message>
        <source>Error scale</source>
        <translation>误差刻度</translation>
    </message>
</context>
<context>
    <name>actlab::ui::GenerationPanel</name>
    <message>
        <source>Generate text</source>
        <translation>生成文本</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>the text&apos;s first character</source>
        <translation>文本的第一个字符</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>The softmax&apos;s temperature: p ∝ exp(z/τ). Low: the likeliest character almost always; high: flatter, more surprising</source>
        <translation>softmax 的温度：p ∝ exp(z/τ)。低：几乎总是最可能的字符；高：更平坦，更出人意料</translation>
    </message>
    <message>
        <source>Temperature value</source>
        <translation>温度值</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Draw only among the k likeliest characters; all: no cut</source>
        <translation>只在最可能的 k 个字符中抽取；全部：不截断</translation>
    </message>
    <message>
        <source>Characters to generate</source>
        <translation>要生成的字符数</translation>
    </message>
    <message>
        <source>Sampling seed</source>
        <translation>采样种子</translation>
    </message>
    <message>
        <source>The same seed and weights give the same text</source>
        <translation>相同的种子和权重生成相同的文本</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Generated text</source>
        <translation>生成的文本</translation>
    </message>
    <message>
        <source>Next character probabilities</source>
        <translation>下一个字符的概率</translation>
    </message>
    <message>
        <source>The next character after the prompt: the %1 likeliest, with this temperature and top-k</source>
        <translation>提示之后的下一个字符：在此温度和 top-k 下最可能的 %1 个</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>字符数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Next character:</source>
        <translation>下一个字符：</translation>
    </message>
    <message>
        <source>No model yet: train a step first.</source>
        <translation>还没有模型：请先训练一步。</translation>
    </message>
    <message>
        <source>largest: %1%</source>
        <translation>最大：%1%</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>正在生成…</translation>
    </message>
</context>
<context>
    <name>actlab::ui::HandoutWriter</name>
    <message>
        <source>Question %1</source>
        <translation>问题 %1</translation>
    </message>
    <message>
        <source>Your answer:</source>
        <translation>你的答案：</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>Could not write the handout %1: %2</source>
        <translation>无法写入讲义 %1：%2</translation>
    </message>
    <message>
        <source>Could not start the PDF writer for %1.</source>
        <translation>无法为 %1 启动 PDF 写入。</translation>
    </message>
    <message>
        <source>%1 · page %2 of %3</source>
        <translation>%1 · 第 %2 页，共 %3 页</translation>
    </message>
    <message>
        <source>Could not finish the handout %1.</source>
        <translation>无法完成讲义 %1。</translation>
    </message>
</context>
<context>
    <name>actlab::ui::HeadScoresPanel</name>
    <message>
        <source>What the heads do</source>
        <translation>各个头做什么</translation>
    </message>
    <message>
        <source>Head scores</source>
        <translation>头的得分</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>prev.</source>
        <translation>前一个</translation>
    </message>
    <message>
        <source>induct.</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>self</source>
        <translation>自身</translation>
    </message>
    <message>
        <source>first</source>
        <translation>首位</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Mean weight on the previous position</source>
        <translation>在前一个位置上的平均权重</translation>
    </message>
    <message>
        <source>On a random sequence repeated twice: the weight on the token after the current token&apos;s earlier occurrence</source>
        <translation>在重复两次的随机序列上：当前词元上一次出现之后那个词元所得的权重</translation>
    </message>
    <message>
        <source>Mean weight on the position itself</source>
        <translation>在自身位置上的平均权重</translation>
    </message>
    <message>
        <source>Mean weight on the first position</source>
        <translation>在第一个位置上的平均权重</translation>
    </message>
    <message>
        <source>Measured on random sequences repeated twice; a head is named by the score that stands out (over %1)</source>
        <translation>在重复两次的随机序列上测量；一个头以突出的得分（超过 %1）命名</translation>
    </message>
    <message>
        <source>How the heads are measured</source>
        <translation>头是如何测量的</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>前一个词元</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>shifted induction</source>
        <translation>错位归纳</translation>
    </message>
    <message>
        <source>first token</source>
        <translation>第一个词元</translation>
    </message>
    <message>
        <source>mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
</context>
<context>
    <name>actlab::ui::HeatmapView</name>
    <message>
        <source>x</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x</translation>
    </message>
    <message>
        <source>v</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>v</translation>
    </message>
    <message>
        <source>NaN: %1</source>
        <translation>NaN：%1</translation>
    </message>
    <message>
        <source>No data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>%1 over %2 and %3</source>
        <comment>a map&apos;s name for a screen reader: value over x and v</comment>
        <translation>%1（随 %2 和 %3 变化）</translation>
    </message>
    <message>
        <source>values</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>%1 from %2 to %3 as %4 goes from %5 to %6 and %7 from %8 to %9.</source>
        <comment>a map&apos;s range for a screen reader</comment>
        <translation>%4 从 %5 到 %6、%7 从 %8 到 %9 时，%1 从 %2 到 %3。</translation>
    </message>
    <message numerus="yes">
        <source>%n cell(s) undefined.</source>
        <translation>
            <numerusform>%n 个单元格无定义。</numerusform>
        </translation>
    </message>
    <message>
        <source>undefined</source>
        <comment>a heatmap cell without a value</comment>
        <translation>未定义</translation>
    </message>
    <message>
        <source>%1 = %2, %3 = %4: %5</source>
        <comment>heatmap cursor: x title = x, v title = v: value</comment>
        <translation>%1 = %2，%3 = %4：%5</translation>
    </message>
</context>
<context>
    <name>actlab::ui::LessonPanel</name>
    <message>
        <source>The previous scene (PgUp)</source>
        <translation>上一个场景（PgUp）</translation>
    </message>
    <message>
        <source>The next scene (PgDn)</source>
        <translation>下一个场景（PgDn）</translation>
    </message>
    <message>
        <source>Close the lesson panel; the views keep their state</source>
        <translation>关闭课程面板；各视图保持当前状态</translation>
    </message>
    <message>
        <source>Scene %1 of %2</source>
        <translation>场景 %1 / %2</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Hands:</source>
        <translation>举手：</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
    <message>
        <source>Train the runs and show which answer they give (Enter)</source>
        <translation>训练这些运行并显示它们给出的答案（Enter）</translation>
    </message>
    <message>
        <source>Reveal the answer</source>
        <translation>揭晓答案</translation>
    </message>
    <message>
        <source>Hands for choice %1</source>
        <translation>选项 %1 的举手人数</translation>
    </message>
    <message>
        <source>Guesses:</source>
        <translation>猜测：</translation>
    </message>
    <message>
        <source>e.g. 40, 55, 70</source>
        <translation>例如 40, 55, 70</translation>
    </message>
    <message>
        <source>The class&apos;s guesses, separated by commas; the reveal marks those within the tolerance</source>
        <translation>全班的猜测，用逗号分隔；揭晓时会标出在容差范围内的猜测</translation>
    </message>
    <message>
        <source>The class&apos;s guesses</source>
        <translation>全班的猜测</translation>
    </message>
    <message>
        <source>Previous scene</source>
        <translation>上一个场景</translation>
    </message>
    <message>
        <source>Next scene</source>
        <translation>下一个场景</translation>
    </message>
</context>
<context>
    <name>actlab::ui::NeuronGridView</name>
    <message>
        <source>Each cell is a hidden neuron. Colour: share of training samples through which it passes gradient, or on which it is active (z &gt; 0). ✕: dead (passes none). Green ring: came back to life since the last picture. Click a neuron to see its output over the input plane.</source>
        <translation>每个格子是一个隐藏层神经元。颜色：在多大比例的训练样本上它传递梯度，或处于激活状态（z &gt; 0）。✕：死亡（不传递任何梯度）。绿色圆环：自上一张图以来复活了。单击神经元可查看它在输入平面上的输出。</translation>
    </message>
    <message>
        <source>hidden 8</source>
        <translation>隐藏层 8</translation>
    </message>
    <message>
        <source>No hidden neurons yet</source>
        <translation>还没有隐藏层神经元</translation>
    </message>
    <message>
        <source>z &gt; 0 on: 0</source>
        <translation>z &gt; 0 的比例：0</translation>
    </message>
    <message>
        <source>passes gradient: 0</source>
        <translation>传递梯度的比例：0</translation>
    </message>
    <message>
        <source>1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>1</translation>
    </message>
    <message>
        <source>dead</source>
        <translation>死亡</translation>
    </message>
    <message>
        <source>revived</source>
        <translation>复活</translation>
    </message>
    <message>
        <source>Neurons</source>
        <translation>神经元</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1：%3 个中 %2 个</translation>
    </message>
    <message>
        <source>%1 of %2 units dead</source>
        <comment>neuron grid summary</comment>
        <translation>%2 个单元中 %1 个已死亡</translation>
    </message>
    <message>
        <source>%1, unit %2: %3, passes gradient on %4 % of the inputs, active on %5 %</source>
        <comment>neuron grid cursor: layer, unit (from 1): dead or alive, the shares in percent</comment>
        <translation>%1，第 %2 个单元：%3，在 %4 % 的输入上传递梯度，在 %5 % 的输入上激活</translation>
    </message>
    <message>
        <source>alive</source>
        <translation>存活</translation>
    </message>
</context>
<context>
    <name>actlab::ui::PanelExport</name>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Nothing to export yet: &quot;%1&quot; shows no data. Start a run or choose something to show first.</source>
        <translation>尚无可导出的内容：“%1”没有数据。请先开始一次运行，或先选择要显示的内容。</translation>
    </message>
    <message>
        <source>Exported by ActLab</source>
        <translation>由 ActLab 导出</translation>
    </message>
    <message>
        <source>Could not make the PNG image for %1.</source>
        <translation>无法为 %1 生成 PNG 图像。</translation>
    </message>
    <message>
        <source>Could not start the SVG export to %1.</source>
        <translation>无法开始导出 SVG 到 %1。</translation>
    </message>
    <message>
        <source>There is no clipboard to copy the image to.</source>
        <translation>没有可用于复制图像的剪贴板。</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation>导出为 SVG…</translation>
    </message>
    <message>
        <source>Export data as CSV…</source>
        <translation>将数据导出为 CSV…</translation>
    </message>
    <message>
        <source>Copy image</source>
        <translation>复制图像</translation>
    </message>
    <message>
        <source>Export as PNG</source>
        <translation>导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export as SVG</source>
        <translation>导出为 SVG</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export data as CSV</source>
        <translation>将数据导出为 CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Show as table…</source>
        <translation>以表格显示…</translation>
    </message>
    <message>
        <source>There is no data yet.</source>
        <translation>还没有数据。</translation>
    </message>
</context>
<context>
    <name>actlab::ui::ParameterEditor</name>
    <message>
        <source>%1 (%2 to %3)</source>
        <translation>%1（%2 到 %3）</translation>
    </message>
    <message>
        <source>Back to the default value %1</source>
        <translation>恢复默认值 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Reset %1</source>
        <translation>重置 %1</translation>
    </message>
</context>
<context>
    <name>actlab::ui::PropertiesPanel</name>
    <message>
        <source>Window: x from</source>
        <translation>窗口：x 从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Behaviour</source>
        <translation>特性</translation>
    </message>
    <message>
        <source>Monotonic (never falls)?</source>
        <translation>单调（从不下降）？</translation>
    </message>
    <message>
        <source>Monotonic: f never decreases anywhere on the window (f′ ≥ 0 and no jump down).</source>
        <translation>单调：f 在窗口内任何地方都不减小（f′ ≥ 0 且没有向下的跳跃）。</translation>
    </message>
    <message>
        <source>Continuous?</source>
        <translation>连续？</translation>
    </message>
    <message>
        <source>Whether f can be drawn without lifting the pen: no jump on the window.</source>
        <translation>f 能否一笔画出：窗口内没有跳跃。</translation>
    </message>
    <message>
        <source>Bounded below?</source>
        <translation>有下界？</translation>
    </message>
    <message>
        <source>Whether f stays above some finite value as x goes to −∞ or +∞.</source>
        <translation>当 x 趋于 −∞ 或 +∞ 时，f 是否始终大于某个有限值。</translation>
    </message>
    <message>
        <source>Bounded above?</source>
        <translation>有上界？</translation>
    </message>
    <message>
        <source>Whether f stays below some finite value as x goes to −∞ or +∞.</source>
        <translation>当 x 趋于 −∞ 或 +∞ 时，f 是否始终小于某个有限值。</translation>
    </message>
    <message>
        <source>Smooth?</source>
        <translation>光滑？</translation>
    </message>
    <message>
        <source>No kink and no jump: f′ and f″ are continuous on the window.</source>
        <translation>没有折点也没有跳跃：f′ 和 f″ 在窗口内连续。</translation>
    </message>
    <message>
        <source>Lowest value:</source>
        <translation>最小值：</translation>
    </message>
    <message>
        <source>The smallest f on the window and where.</source>
        <translation>窗口内 f 的最小值及其位置。</translation>
    </message>
    <message>
        <source>Slope f′ ranges:</source>
        <translation>斜率 f′ 范围：</translation>
    </message>
    <message>
        <source>The smallest and largest derivative on the window and where.</source>
        <translation>窗口内导数的最小值、最大值及其位置。</translation>
    </message>
    <message>
        <source>Flat (f′ = 0) on:</source>
        <translation>平坦（f′ = 0）部分：</translation>
    </message>
    <message>
        <source>Share of the window where |f′| ≤ 10⁻⁶: no gradient flows there.</source>
        <translation>窗口内 |f′| ≤ 10⁻⁶ 的比例：那里没有梯度流过。</translation>
    </message>
    <message>
        <source>%1 = %2 (%3; allowed %4 to %5)</source>
        <translation>%1 = %2（%3；允许 %4 到 %5）</translation>
    </message>
    <message>
        <source>No parameters.</source>
        <translation>没有参数。</translation>
    </message>
    <message>
        <source>Parameters: </source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>A gated unit: the properties below are those of its gate %1.</source>
        <translation>门控单元：下面的性质是其门控函数 %1 的性质。</translation>
    </message>
    <message>
        <source>The window must start below where it ends.</source>
        <translation>窗口的起点必须小于终点。</translation>
    </message>
    <message>
        <source>Yes: it never decreases on the window</source>
        <translation>是：在窗口内从不减小</translation>
    </message>
    <message>
        <source>No: not monotonic (it decreases somewhere on the window)</source>
        <translation>否：不单调（在窗口内某处减小）</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No: it falls without limit</source>
        <translation>否：无限下降</translation>
    </message>
    <message>
        <source>No: it grows without limit</source>
        <translation>否：无限增长</translation>
    </message>
    <message>
        <source>Yes: no jump on the window</source>
        <translation>是：窗口内没有跳跃</translation>
    </message>
    <message>
        <source>No: f jumps at x = %1</source>
        <translation>否：f 在 x = %1 处跳跃</translation>
    </message>
    <message>
        <source>Yes: no kinks (f′ and f″ are continuous)</source>
        <translation>是：没有折点（f′ 和 f″ 连续）</translation>
    </message>
    <message>
        <source>No: it has a kink (a jump in f′ or f″)</source>
        <translation>否：有折点（f′ 或 f″ 有跳跃）</translation>
    </message>
    <message>
        <source>No: f itself jumps</source>
        <translation>否：f 本身有跳跃</translation>
    </message>
    <message>
        <source>%1 at x = %2, a dip inside the window</source>
        <translation>%1，位于 x = %2，是窗口内的一个低谷</translation>
    </message>
    <message>
        <source>%1 at x = %2, at the edge of the window</source>
        <translation>%1，位于 x = %2，在窗口边缘</translation>
    </message>
    <message>
        <source>from %1 (at x = %2) to %3 (at x = %4)</source>
        <translation>从 %1（x = %2 处）到 %3（x = %4 处）</translation>
    </message>
    <message>
        <source>%1 % of the window</source>
        <translation>窗口的 %1 %</translation>
    </message>
    <message>
        <source>Window: x to</source>
        <translation>窗口：x 到</translation>
    </message>
</context>
<context>
    <name>actlab::ui::PytorchCodeDialog</name>
    <message>
        <source>PyTorch code</source>
        <translation>PyTorch 代码</translation>
    </message>
    <message>
        <source>A self-contained Python script for PyTorch 1.13 that builds the same data, model, loss and optimizer, trains them and prints the figures of actlab-cli train as JSON. Run it with --weights FILE.safetensors (saved by actlab-cli train --save-model) to print the trained model&apos;s logits instead.</source>
        <translation>一个独立的 PyTorch 1.13 Python 脚本：构建相同的数据、模型、损失函数和优化器并进行训练，以 JSON 输出与 actlab-cli train 相同的指标。加上 --weights FILE.safetensors（由 actlab-cli train --save-model 保存）运行时，改为输出训练好的模型的 logits。</translation>
    </message>
    <message>
        <source>Training steps:</source>
        <translation>训练步数：</translation>
    </message>
    <message>
        <source>How many steps the script trains (STEPS at its top)</source>
        <translation>脚本训练的步数（脚本开头的 STEPS）</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>保存…</translation>
    </message>
    <message>
        <source>Copy the script to the clipboard</source>
        <translation>把脚本复制到剪贴板</translation>
    </message>
    <message>
        <source>Save the script as a .py file</source>
        <translation>把脚本保存为 .py 文件</translation>
    </message>
    <message>
        <source>These settings cannot be exported: %1</source>
        <translation>这些设置无法导出：%1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Save PyTorch code</source>
        <translation>保存 PyTorch 代码</translation>
    </message>
    <message>
        <source>Python scripts (*.py)</source>
        <translation>Python 脚本 (*.py)</translation>
    </message>
    <message>
        <source>PyTorch script</source>
        <translation>PyTorch 脚本</translation>
    </message>
</context>
<context>
    <name>actlab::ui::RunPanel</name>
    <message>
        <source>This data set has more than two inputs: there is no plane to draw. Follow the curves below.</source>
        <translation>此数据集的输入多于两个：无法画出平面。请看下面的曲线。</translation>
    </message>
    <message>
        <source>Colour: passes gradient</source>
        <translation>颜色：传递梯度</translation>
    </message>
    <message>
        <source>Colour: active (z &gt; 0)</source>
        <translation>颜色：激活（z &gt; 0）</translation>
    </message>
    <message>
        <source>Passes gradient: on how many samples f′(z) ≠ 0 (a leaky unit always does). Active: on how many z &gt; 0, so a leaky unit that is off shows though it is not dead.</source>
        <translation>传递梯度：在多少样本上 f′(z) ≠ 0（Leaky 单元总是如此）。激活：在多少样本上 z &gt; 0，这样处于关闭状态的 Leaky 单元虽未死亡也能显示出来。</translation>
    </message>
    <message>
        <source>Click a neuron to see its output over the plane</source>
        <translation>单击神经元可查看它在平面上的输出</translation>
    </message>
    <message>
        <source>x₁</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x₁</translation>
    </message>
    <message>
        <source>x₂</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>x₂</translation>
    </message>
    <message>
        <source>f(z)</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>f(z)</translation>
    </message>
    <message>
        <source>Background: the predicted class, in full colour where the model is sure of it, paler as its probability falls towards 1/%1 (a guess). Dots: training points (white rim), test points (black rim).</source>
        <translation>背景：预测的类别，模型有把握处为全色，概率降向 1/%1（瞎猜）时颜色变浅。圆点：训练集的点（白边），测试集的点（黑边）。</translation>
    </message>
    <message>
        <source>Background: P(class 1) — red near 1, blue near 0, white 0.5 (the boundary), pale where the model is unsure. Dots: training points (white rim), test points (black rim).</source>
        <translation>背景：P(类别 1) — 接近 1 为红色，接近 0 为蓝色，0.5 为白色（决策边界），模型没把握处颜色浅。圆点：训练集的点（白边），测试集的点（黑边）。</translation>
    </message>
    <message>
        <source>dead %1 of %2 · revived %3</source>
        <translation>死亡 %1 / %2 · 复活 %3</translation>
    </message>
    <message>
        <source> · test accuracy %1%</source>
        <translation> · 测试集准确率 %1%</translation>
    </message>
    <message>
        <source> · diverged at step %1</source>
        <translation> · 在第 %1 步发散</translation>
    </message>
    <message>
        <source>Neuron %1 of %2: its output over the plane%3</source>
        <translation>神经元 %1 / %2：它在平面上的输出%3</translation>
    </message>
    <message>
        <source> (dead on the data: it passes no gradient)</source>
        <translation>（在数据上已死亡：不传递任何梯度）</translation>
    </message>
    <message>
        <source>Background: P(class 1) — orange near 1, blue near 0, white 0.5 (the boundary), pale where the model is unsure. Dots: training points (white rim), test points (black rim).</source>
        <translation>背景：P(类别 1) — 接近 1 为橙色，接近 0 为蓝色，0.5 为白色（决策边界），模型没把握处颜色浅。圆点：训练集的点（白边），测试集的点（黑边）。</translation>
    </message>
    <message>
        <source>Dead: hidden units that pass no gradient on any training sample. Revived: units alive now that were dead at an earlier picture of this run (each counted once).</source>
        <translation>死亡：在所有训练样本上都不传递梯度的隐藏神经元。复活：现在存活、但在本次训练较早的某一帧中曾经死亡的神经元（每个只计一次）。</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%2 的%1</translation>
    </message>
    <message>
        <source>Decision surface</source>
        <translation>决策面</translation>
    </message>
    <message>
        <source>Fitted curve</source>
        <translation>拟合曲线</translation>
    </message>
    <message>
        <source>Neuron grid</source>
        <translation>神经元网格</translation>
    </message>
    <message>
        <source>Output of the chosen neuron over the plane</source>
        <translation>所选神经元在平面上的输出</translation>
    </message>
    <message>
        <source>Neuron colouring</source>
        <translation>神经元着色</translation>
    </message>
</context>
<context>
    <name>actlab::ui::RunToolbar</name>
    <message>
        <source>Play</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Train continuously (Space)</source>
        <translation>连续训练（空格键）</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Start again from a freshly initialised model (same seed)</source>
        <translation>从重新初始化的模型开始（相同随机种子）</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>full</source>
        <translation>全速</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Steps per frame</source>
        <translation>每帧步数</translation>
    </message>
</context>
<context>
    <name>actlab::ui::RunView</name>
    <message>
        <source>Start a new model?</source>
        <translation>开始一个新模型吗？</translation>
    </message>
    <message>
        <source>These settings need a new model. Discard the run trained to step %1?</source>
        <translation>这些设置需要一个新模型。要丢弃已训练到第 %1 步的运行吗？</translation>
    </message>
    <message>
        <source>%1 run %2: %3</source>
        <translation>%1运行 %2：%3</translation>
    </message>
    <message>
        <source>%1 timeline: %2</source>
        <translation>%1时间轴：%2</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
</context>
<context>
    <name>actlab::ui::SequenceInputPanel</name>
    <message>
        <source>Tokens of the task&apos;s vocabulary separated by spaces; Enter predicts</source>
        <translation>任务词表中的词元，用空格分隔；按回车预测</translation>
    </message>
    <message>
        <source>Predict</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Show probe</source>
        <translation>显示探针序列</translation>
    </message>
    <message>
        <source>Back to the probe sequence&apos;s maps</source>
        <translation>回到探针序列的注意力图</translation>
    </message>
    <message>
        <source>Your sequence</source>
        <translation>你的序列</translation>
    </message>
    <message>
        <source>e.g. %1</source>
        <translation>例如 %1</translation>
    </message>
    <message>
        <source>Type a sequence first: tokens separated by spaces.</source>
        <translation>请先输入一个序列：词元之间用空格分隔。</translation>
    </message>
    <message numerus="yes">
        <source>Unknown token(s) %1. This task&apos;s tokens are: %2.</source>
        <translation>
            <numerusform>未知词元 %1。此任务的词元为：%2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Type exactly %1 tokens: the model was trained on sequences of %1 (you typed %2).</source>
        <translation>请正好输入 %1 个词元：模型是在长度为 %1 的序列上训练的（你输入了 %2 个）。</translation>
    </message>
    <message>
        <source>Type %1 to %2 tokens (you typed %3).</source>
        <translation>请输入 %1 到 %2 个词元（你输入了 %3 个）。</translation>
    </message>
    <message>
        <source>Prediction: %1 (%2)</source>
        <translation>预测：%1（%2）</translation>
    </message>
    <message>
        <source>Prediction: &lt;b&gt;%1&lt;/b&gt; · probabilities %2</source>
        <translation>预测：&lt;b&gt;%1&lt;/b&gt; · 概率 %2</translation>
    </message>
    <message>
        <source>pos</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Prediction: %1</source>
        <translation>预测：%1</translation>
    </message>
    <message>
        <source>Typed sequence</source>
        <translation>输入的序列</translation>
    </message>
</context>
<context>
    <name>actlab::ui::TextSourcePanel</name>
    <message>
        <source>Built-in text</source>
        <translation>内置文本</translation>
    </message>
    <message>
        <source>English poems (Blake, Shakespeare)</source>
        <translation>英文诗（布莱克、莎士比亚）</translation>
    </message>
    <message>
        <source>Tang poems (Chinese)</source>
        <translation>唐诗（中文）</translation>
    </message>
    <message>
        <source>A small program (Python)</source>
        <translation>一个小程序（Python）</translation>
    </message>
    <message>
        <source>Your own text</source>
        <translation>你自己的文本</translation>
    </message>
    <message>
        <source>A text that comes with ActLab, or the one you pasted or opened</source>
        <translation>ActLab 自带的文本，或你粘贴、打开的文本</translation>
    </message>
    <message>
        <source>Paste text…</source>
        <translation>粘贴文本…</translation>
    </message>
    <message>
        <source>Paste text</source>
        <translation>粘贴文本</translation>
    </message>
    <message>
        <source>Type or paste a text of your own: a poem, a page, some code</source>
        <translation>输入或粘贴你自己的文本：一首诗、一页书、一段代码</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Open a text file</source>
        <translation>打开文本文件</translation>
    </message>
    <message>
        <source>A UTF-8 text file of at most 10 MB</source>
        <translation>不超过 10 MB 的 UTF-8 文本文件</translation>
    </message>
    <message>
        <source>Text status</source>
        <translation>文本状态</translation>
    </message>
    <message>
        <source>Text error</source>
        <translation>文本错误</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Paste a text</source>
        <translation>粘贴文本</translation>
    </message>
    <message>
        <source>Your text</source>
        <translation>你的文本</translation>
    </message>
    <message>
        <source>Paste or type a text here: a poem, a page of a book, a program…</source>
        <translation>在这里粘贴或输入文本：一首诗、书的一页、一个程序…</translation>
    </message>
    <message>
        <source>Open a text</source>
        <translation>打开文本</translation>
    </message>
    <message>
        <source>Text files (*.txt *.md *.py *.cpp *.h);;All files (*)</source>
        <translation>文本文件 (*.txt *.md *.py *.cpp *.h);;所有文件 (*)</translation>
    </message>
    <message>
        <source>every tenth block of %1 characters held out</source>
        <translation>每十块（每块 %1 个字符）留出一块</translation>
    </message>
    <message>
        <source>no held-out part (text too short)</source>
        <translation>没有留出部分（文本太短）</translation>
    </message>
    <message>
        <source>%1 characters · vocabulary %2 · &lt;unk&gt; %3% · %4</source>
        <translation>%1 个字符 · 词表 %2 · &lt;unk&gt; %3% · %4</translation>
    </message>
</context>
<context>
    <name>actlab::ui::TimelineBar</name>
    <message>
        <source>Writing the run&apos;s frames…</source>
        <translation>正在写入训练的各帧…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export run as frames</source>
        <translation>将训练导出为帧序列</translation>
    </message>
    <message>
        <source>Could not write the image %1.</source>
        <translation>无法写入图像 %1。</translation>
    </message>
    <message>
        <source>The run has no keyframes yet: train first.</source>
        <translation>本次训练还没有关键帧：请先训练。</translation>
    </message>
    <message>
        <source>Wrote %1 frames (frame-00001.png …) to %2%3.</source>
        <translation>已将 %1 帧（frame-00001.png …）写入 %2%3。</translation>
    </message>
    <message>
        <source>, then cancelled</source>
        <translation>，随后已取消</translation>
    </message>
    <message>
        <source>One keyframe back (,)</source>
        <translation>后退一个关键帧（,）</translation>
    </message>
    <message>
        <source>The run&apos;s keyframes: drag back to see the pictures and curves as they were at that step (training goes on meanwhile)</source>
        <translation>本次训练的关键帧：向回拖动，可查看该步时的图像和曲线（训练同时继续进行）</translation>
    </message>
    <message>
        <source>One keyframe on (.)</source>
        <translation>前进一个关键帧（.）</translation>
    </message>
    <message>
        <source>Replay</source>
        <translation>回放</translation>
    </message>
    <message>
        <source>Replay the kept keyframes from the one shown, %1 a second at 1×</source>
        <translation>从当前显示的关键帧开始回放保留的关键帧，1× 时每秒 %1 个</translation>
    </message>
    <message>
        <source>Replay speed</source>
        <translation>回放速度</translation>
    </message>
    <message>
        <source>%1×</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>Follow the run again: show its newest step</source>
        <translation>重新跟随训练：显示最新一步</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Step %1, live: the run&apos;s newest frame</source>
        <translation>第 %1 步，实时：运行的最新一帧</translation>
    </message>
    <message>
        <source>Step %1 of the kept keyframes up to step %2</source>
        <translation>第 %1 步（保留的关键帧截至第 %2 步）</translation>
    </message>
    <message>
        <source>Previous keyframe</source>
        <translation>上一个关键帧</translation>
    </message>
    <message>
        <source>Keyframe</source>
        <translation>关键帧</translation>
    </message>
    <message>
        <source>Next keyframe</source>
        <translation>下一个关键帧</translation>
    </message>
</context>
<context>
    <name>actlab::ui::TrainingCharts</name>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Dead share</source>
        <translation>死亡比例</translation>
    </message>
    <message>
        <source>Gradient (log)</source>
        <translation>梯度（对数）</translation>
    </message>
    <message>
        <source>Share of points classified right, training set (solid) and test set (dashed)</source>
        <translation>分类正确的点所占比例，训练集（实线）和测试集（虚线）</translation>
    </message>
    <message>
        <source>‖∂L/∂W‖ of each layer&apos;s weights over the training set: a layer whose line sinks by decades gets (almost) no gradient. In compare mode run B&apos;s layers are dashed.</source>
        <translation>训练集上每层权重的 ‖∂L/∂W‖：曲线下降好几个数量级的层（几乎）得不到梯度。对比模式下运行 B 的各层为虚线。</translation>
    </message>
    <message>
        <source>Share of each layer&apos;s neurons that pass no gradient on any sample. In compare mode run B&apos;s layers are dashed.</source>
        <translation>每层中在所有样本上都不传递梯度的神经元比例。对比模式下运行 B 的各层为虚线。</translation>
    </message>
    <message>
        <source>A</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>B</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>test</source>
        <translation>测试集</translation>
    </message>
    <message>
        <source>train</source>
        <translation>训练集</translation>
    </message>
    <message>
        <source>L%1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>L%1</translation>
    </message>
    <message>
        <source>Each step&apos;s batch loss (solid; past 400 steps each point is the mean of its steps and the pale band their min to max) and the loss over the test set (dashed)</source>
        <translation>每一步的批次损失（实线；超过 400 步时每个点是其所含各步的均值，浅色带为其最小值到最大值）与测试集上的损失（虚线）</translation>
    </message>
</context>
<context>
    <name>actlab::ui::TrainingControls</name>
    <message>
        <source>%1 (%2 to %3)</source>
        <translation>%1（%2 到 %3）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>A ready set-up that shows one effect (its line below says which); editing any setting makes it Custom</source>
        <translation>展示某一现象的现成设置（下面一行说明是哪种）；修改任何设置都会变为“自定义”</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>your points</source>
        <translation>你的数据点</translation>
    </message>
    <message>
        <source>The data the network learns; &quot;your points&quot; are those you draw or import</source>
        <translation>网络要学习的数据；“你的数据点”是你绘制或导入的点</translation>
    </message>
    <message>
        <source> % train</source>
        <translation> % 训练集</translation>
    </message>
    <message>
        <source>task default</source>
        <translation>任务默认</translation>
    </message>
    <message>
        <source>How far the points scatter from the data set&apos;s clean shape</source>
        <translation>数据点偏离数据集理想形状的程度</translation>
    </message>
    <message>
        <source>Share of the points used for training; the rest test it</source>
        <translation>用于训练的点所占比例；其余的点用于测试</translation>
    </message>
    <message>
        <source>Number of points before the split (0: the data set&apos;s own number; at least 4)</source>
        <translation>划分前的点数（0：数据集自身的点数；至少 4）</translation>
    </message>
    <message>
        <source>Seed of the points, the split and the initial weights: the same seed gives the same run</source>
        <translation>数据点、划分和初始权重的随机种子：相同的种子得到相同的运行</translation>
    </message>
    <message>
        <source>Data set</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>划分</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>点数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Draw points</source>
        <translation>绘制数据点</translation>
    </message>
    <message>
        <source>While on, a click on the plane adds a point of the chosen class (Shift+click: the other of classes 0 and 1) and training starts again on your points</source>
        <translation>打开时，在平面上单击会添加所选类别的点（Shift+单击：类别 0 和 1 中的另一个），并在你的数据点上重新开始训练</translation>
    </message>
    <message>
        <source>class %1</source>
        <translation>类别 %1</translation>
    </message>
    <message>
        <source>In Draw points mode, clicks on the plane add points of this class (Shift+click: the other of classes 0 and 1)</source>
        <translation>在绘制数据点模式下，在平面上单击会添加此类别的点（Shift+单击：类别 0 和 1 中的另一个）</translation>
    </message>
    <message>
        <source>Import CSV…</source>
        <translation>导入 CSV…</translation>
    </message>
    <message>
        <source>Rows x1,x2,label; an optional header line</source>
        <translation>每行为 x1,x2,label；可以有一行表头</translation>
    </message>
    <message>
        <source>Clear points</source>
        <translation>清除数据点</translation>
    </message>
    <message>
        <source>Remove all your points</source>
        <translation>删除你的所有数据点</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>MLP</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>MLP</translation>
    </message>
    <message>
        <source>GLU feed-forward</source>
        <translation>GLU 前馈网络</translation>
    </message>
    <message>
        <source>MLP: layers of neurons, each act(Wx + b). GLU feed-forward: blocks x + out(act(gate x) ⊙ value x), as in a Transformer&apos;s FFN</source>
        <translation>MLP：由神经元层组成，每层为 act(Wx + b)。GLU 前馈网络：由 x + out(act(gate x) ⊙ value x) 块组成，同 Transformer 的 FFN</translation>
    </message>
    <message>
        <source>Widths of the hidden layers, comma-separated: 1 to 8 layers of 1 to 512 neurons</source>
        <translation>各隐藏层的宽度，用逗号分隔：1 到 8 层，每层 1 到 512 个神经元</translation>
    </message>
    <message>
        <source>d_model </source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>d_model </translation>
    </message>
    <message>
        <source> blocks</source>
        <translation> 个块</translation>
    </message>
    <message>
        <source>Width of the GLU feed-forward&apos;s residual stream</source>
        <translation>GLU 前馈网络残差流的宽度</translation>
    </message>
    <message>
        <source>Number of GLU blocks</source>
        <translation>GLU 块的数量</translation>
    </message>
    <message>
        <source>The nonlinearity of every hidden layer (of every gate for a GLU feed-forward)</source>
        <translation>每个隐藏层的非线性函数（GLU 前馈网络中为每个门控）</translation>
    </message>
    <message>
        <source>How the initial weights are drawn: He (for ReLU-like units), Xavier (for tanh, sigmoid), LeCun</source>
        <translation>初始权重的抽取方式：He（用于 ReLU 类单元）、Xavier（用于 tanh、sigmoid）、LeCun</translation>
    </message>
    <message>
        <source>Initial value of every hidden bias; a large negative one starts ReLU units dead</source>
        <translation>每个隐藏层偏置的初始值；很大的负值会让 ReLU 单元一开始就死亡</translation>
    </message>
    <message>
        <source>Hidden layers</source>
        <translation>隐藏层</translation>
    </message>
    <message>
        <source>GLU blocks</source>
        <translation>GLU 块</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <source>Init</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>Bias init</source>
        <translation>偏置初始化</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>How each step moves the weights along the gradient; changes live, without a new run</source>
        <translation>每一步如何沿梯度更新权重；实时生效，无需重新开始</translation>
    </message>
    <message>
        <source>Size of each step; changes live</source>
        <translation>每一步的步长；实时生效</translation>
    </message>
    <message>
        <source>Training points per step (a new run)</source>
        <translation>每步使用的训练点数（需要重新开始）</translation>
    </message>
    <message>
        <source>Weight of the L1 penalty λ·Σ|w|, which pushes weights to 0; changes live</source>
        <translation>L1 惩罚项 λ·Σ|w| 的权重，它把权重推向 0；实时生效</translation>
    </message>
    <message>
        <source>Weight of the L2 penalty λ·Σw², which keeps weights small; changes live</source>
        <translation>L2 惩罚项 λ·Σw² 的权重，它让权重保持较小；实时生效</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>L1</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>L1</translation>
    </message>
    <message>
        <source>L2</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>L2</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Train a second run side by side</source>
        <translation>并排训练第二次运行</translation>
    </message>
    <message>
        <source>Same data, seed and settings; only the activation differs. Both runs step together.</source>
        <translation>相同的数据、随机种子和设置；只有激活函数不同。两次运行同步训练。</translation>
    </message>
    <message>
        <source>The activation of run B</source>
        <translation>运行 B 的激活函数</translation>
    </message>
    <message>
        <source>Run B: %1 parameters</source>
        <translation>运行 B：%1 的参数</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 的参数</translation>
    </message>
    <message numerus="yes">
        <source>%n point(s). Click the plane to add more.</source>
        <translation>
            <numerusform>%n 个点。单击平面可添加更多。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s). Draw points adds more.</source>
        <translation>
            <numerusform>%n 个点。用“绘制数据点”可添加更多。</numerusform>
        </translation>
    </message>
    <message>
        <source>Click the plane to start your own data set.</source>
        <translation>单击平面开始创建你自己的数据集。</translation>
    </message>
    <message>
        <source>Draw points to make your own data set.</source>
        <translation>用“绘制数据点”创建你自己的数据集。</translation>
    </message>
    <message>
        <source>Edited from a preset.</source>
        <translation>在预设基础上修改。</translation>
    </message>
    <message>
        <source>Hidden layers: give 1 to 8 widths from 1 to 512, e.g. 32,32,32.</source>
        <translation>隐藏层：请给出 1 到 8 个 1 到 512 之间的宽度，例如 32,32,32。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Cannot import the points: %1</source>
        <translation>无法导入数据点：%1</translation>
    </message>
    <message>
        <source>Cannot import the points: labels must be 0, 1 or 2.</source>
        <translation>无法导入数据点：标签必须是 0、1 或 2。</translation>
    </message>
    <message>
        <source>Import points</source>
        <translation>导入数据点</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot read %1.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>The saved training settings were not read (%1); using defaults.</source>
        <translation>未能读取保存的训练设置（%1）；使用默认设置。</translation>
    </message>
    <message>
        <source>d_model</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Activation of run B</source>
        <translation>运行 B 的激活函数</translation>
    </message>
</context>
<context>
    <name>actlab::ui::TrainingView</name>
    <message>
        <source>Train one frame&apos;s worth of steps, as many as the speed says (10 at full speed; both runs in compare mode)</source>
        <translation>训练一帧的步数，数量由速度决定（全速时为 10 步；对比模式下两次运行都训练）</translation>
    </message>
    <message>
        <source>Steps per frame, at about 30 frames a second; full: as many steps as fit, the pictures still redrawn 30 times a second</source>
        <translation>每帧训练的步数，约每秒 30 帧；全速：能训练多少步就训练多少步，图片仍每秒重绘 30 次</translation>
    </message>
    <message>
        <source> of run %1</source>
        <translation>（运行 %1）</translation>
    </message>
    <message>
        <source>Decision surface%1</source>
        <translation>决策面%1</translation>
    </message>
    <message>
        <source>Neuron grid%1</source>
        <translation>神经元网格%1</translation>
    </message>
    <message>
        <source>Neuron map%1</source>
        <translation>神经元图%1</translation>
    </message>
    <message>
        <source>%1 chart</source>
        <translation>%1图表</translation>
    </message>
    <message>
        <source>The whole view</source>
        <translation>整个视图</translation>
    </message>
    <message>
        <source>%1 Play waits until this is fixed; the run trained so far is kept.</source>
        <translation>%1 修正之前无法开始训练；已训练的部分会保留。</translation>
    </message>
    <message>
        <source>A: %1</source>
        <translation>A：%1</translation>
    </message>
    <message>
        <source>B: %1</source>
        <translation>B：%1</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source> · %1 steps/s · %2 frames/s</source>
        <translation> · %1 步/秒 · %2 帧/秒</translation>
    </message>
    <message>
        <source> · on %1</source>
        <translation> · 在 %1 上</translation>
    </message>
    <message>
        <source> · on the CPU</source>
        <translation> · 在 CPU 上</translation>
    </message>
    <message>
        <source>Training on the CPU: %1</source>
        <translation>在 CPU 上训练：%1</translation>
    </message>
    <message>
        <source>Training on %1 (%2)</source>
        <translation>在 %1 上训练（%2）</translation>
    </message>
    <message>
        <source>Training on the CPU</source>
        <translation>在 CPU 上训练</translation>
    </message>
    <message>
        <source> The points reach |x| = %1, far outside the plane (about ±6): scale them down (divide by their largest |x|), then Reset; a lower learning rate may also help.</source>
        <translation>数据点达到 |x| = %1，远在平面（约 ±6）之外：请缩小它们（除以最大的 |x|），然后重置；降低学习率也可能有帮助。</translation>
    </message>
    <message>
        <source> Press Reset (or lower the learning rate).</source>
        <translation>请按“重置”（或降低学习率）。</translation>
    </message>
    <message>
        <source>%1Diverged at step %2: the loss became NaN or infinite. The pictures show the last finite state.%3</source>
        <translation>%1在第 %2 步发散：损失变成了 NaN 或无穷大。图片显示的是最后一个有限状态。%3</translation>
    </message>
    <message>
        <source>Replay: step %1 · the run is at step %2</source>
        <translation>回放：第 %1 步 · 训练已到第 %2 步</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
</context>
<context>
    <name>core</name>
    <message>
        <source>Identity</source>
        <translation>恒等</translation>
    </message>
    <message>
        <source>ReLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>ReLU</translation>
    </message>
    <message>
        <source>Leaky ReLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Leaky ReLU</translation>
    </message>
    <message>
        <source>PReLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>PReLU</translation>
    </message>
    <message>
        <source>ELU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>ELU</translation>
    </message>
    <message>
        <source>SELU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>SELU</translation>
    </message>
    <message>
        <source>Sigmoid</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Sigmoid</translation>
    </message>
    <message>
        <source>Tanh</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Tanh</translation>
    </message>
    <message>
        <source>Softplus</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Softplus</translation>
    </message>
    <message>
        <source>Softsign</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Softsign</translation>
    </message>
    <message>
        <source>GELU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>GELU</translation>
    </message>
    <message>
        <source>GELU (tanh approx.)</source>
        <translation>GELU（tanh 近似）</translation>
    </message>
    <message>
        <source>GELU (sigmoid approx.)</source>
        <translation>GELU（sigmoid 近似）</translation>
    </message>
    <message>
        <source>SiLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>SiLU</translation>
    </message>
    <message>
        <source>Swish</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Swish</translation>
    </message>
    <message>
        <source>Mish</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Mish</translation>
    </message>
    <message>
        <source>Hardswish</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Hardswish</translation>
    </message>
    <message>
        <source>Hardsigmoid</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>Hardsigmoid</translation>
    </message>
    <message>
        <source>ReLU6</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>ReLU6</translation>
    </message>
    <message>
        <source>GLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>GLU</translation>
    </message>
    <message>
        <source>ReGLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>ReGLU</translation>
    </message>
    <message>
        <source>GeGLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>GeGLU</translation>
    </message>
    <message>
        <source>SwiGLU</source>
        <translatorcomment>kept as in English: a name, key, number or formula</translatorcomment>
        <translation>SwiGLU</translation>
    </message>
    <message>
        <source>slope for x &lt; 0</source>
        <translation>x &lt; 0 时的斜率</translation>
    </message>
    <message>
        <source>slope for x &lt; 0 (learnable)</source>
        <translation>x &lt; 0 时的斜率（可学习）</translation>
    </message>
    <message>
        <source>saturation value -alpha for x -&gt; -inf</source>
        <translation>x → −∞ 时的饱和值 −alpha</translation>
    </message>
    <message>
        <source>sharpness</source>
        <translation>陡度</translation>
    </message>
    <message>
        <source>beta*x above which softplus is linear</source>
        <translation>beta*x 超过此值时 softplus 取线性</translation>
    </message>
    <message>
        <source>gate sharpness; 1 is SiLU, 1.702 approximates GELU</source>
        <translation>门控陡度；1 即 SiLU，1.702 近似 GELU</translation>
    </message>
    <message>
        <source>a disc inside a ring</source>
        <translation>圆环包围的圆盘</translation>
    </message>
    <message>
        <source>quadrants: label 1 where x1·x2 &gt; 0</source>
        <translation>象限：x1·x2 &gt; 0 处标签为 1</translation>
    </message>
    <message>
        <source>two Gaussian blobs</source>
        <translation>两团高斯分布的点</translation>
    </message>
    <message>
        <source>two interleaved spiral arms</source>
        <translation>两条交错的螺旋臂</translation>
    </message>
    <message>
        <source>two interleaving half circles</source>
        <translation>两个交错的半圆（双月）</translation>
    </message>
    <message>
        <source>three spiral arms (softmax cross-entropy)</source>
        <translation>三条螺旋臂（softmax 交叉熵）</translation>
    </message>
    <message>
        <source>1D regression of sin(x) on [-5, 5]</source>
        <translation>[-5, 5] 上 sin(x) 的一维回归</translation>
    </message>
    <message>
        <source>64-d Gaussian inputs, argmax of a random linear map</source>
        <translation>64 维高斯输入，标签为随机线性映射的 argmax</translation>
    </message>
    <message>
        <source>plain stochastic gradient descent</source>
        <translation>普通随机梯度下降</translation>
    </message>
    <message>
        <source>SGD with momentum (v = mu*v + g)</source>
        <translation>带动量的 SGD（v = mu*v + g）</translation>
    </message>
    <message>
        <source>Adam (Kingma &amp; Ba, 2015)</source>
        <translation>Adam（Kingma &amp; Ba，2015）</translation>
    </message>
    <message>
        <source>Adam with decoupled weight decay (Loshchilov &amp; Hutter, 2019)</source>
        <translation>解耦权重衰减的 Adam（Loshchilov &amp; Hutter，2019）</translation>
    </message>
    <message>
        <source>spiral, 3x32 ReLU, bias init -3, Adam: ReLU units die, leaky ones recover</source>
        <translation>螺旋数据，3x32 ReLU，偏置初始化为 -3，Adam：ReLU 神经元死亡，Leaky ReLU 神经元会恢复</translation>
    </message>
    <message>
        <source>circle, 8x32 sigmoid, Xavier: the first layers&apos; gradient vanishes</source>
        <translation>圆形数据，8x32 sigmoid，Xavier 初始化：前几层出现梯度消失</translation>
    </message>
    <message>
        <source>spiral, 3x32 GELU, Adam lr 0.01</source>
        <translation>螺旋数据，3x32 GELU，Adam，学习率 0.01</translation>
    </message>
    <message>
        <source>3-class spiral, GLU-FFN d_model 16 x 2 blocks, SwiGLU, Adam</source>
        <translation>三类螺旋数据，GLU-FFN d_model 16 × 2 个块，SwiGLU，Adam</translation>
    </message>
    <message>
        <source>Reverse 8 tokens: accuracy climbs from chance (12%) to 100% in about 40 steps as the first layer&apos;s heads form the anti-diagonal (query t reads key T-1-t)</source>
        <translation>反转 8 个词元：约 40 步内准确率从随机水平（12%）升到 100%，第一层的注意力头形成反对角线（查询 t 读取键 T-1-t）</translation>
    </message>
    <message>
        <source>Complete a repeated segment: accuracy on the copy stays near chance for about 1500 steps, then jumps to 99% as two attention layers form an induction head</source>
        <translation>补全重复片段：复制部分的准确率约 1500 步内停在随机水平附近，随后两层注意力形成归纳头，准确率跃升到 99%</translation>
    </message>
    <message>
        <source>The contrast: one attention layer stays at chance (about 7%) on the same task; it cannot chain &apos;find the earlier token&apos; with &apos;copy what followed it&apos;</source>
        <translation>对照：同一任务上只有一层注意力时准确率停在随机水平（约 7%）；它无法把“找到前面的词元”和“复制其后的词元”串联起来</translation>
    </message>
    <message>
        <source>&quot;not happy&quot; with ReLU on Q, K and V: the pooled polarity flips after a nearby negator; in 5 seeds ReLU reached 95% in all 5, identity and GELU in 4</source>
        <translation>“not happy”，Q、K、V 上用 ReLU：附近有否定词时池化后的极性翻转；5 个随机种子中 ReLU 全部 5 个达到 95%，恒等和 GELU 各有 4 个达到</translation>
    </message>
    <message>
        <source>Eight Post-LN blocks at learning rate 0.01 without warm-up stay at chance (12%) on reverse; Pre-LN, or a 300-step warm-up, learns it in about 300 steps</source>
        <translation>8 个 Post-LN 块，学习率 0.01 且不预热时，反转任务停在随机水平（12%）；改用 Pre-LN 或预热 300 步，约 300 步即可学会</translation>
    </message>
    <message>
        <source>output the tokens in reverse order: position t gets token T-1-t</source>
        <translation>按相反顺序输出词元：位置 t 输出词元 T-1-t</translation>
    </message>
    <message>
        <source>sort 6 tokens from {a, b, c} ascending (minGPT&apos;s sort demo)</source>
        <translation>将来自 {a, b, c} 的 6 个词元升序排序（minGPT 的排序示例）</translation>
    </message>
    <message>
        <source>at each position, count how often its token occurs in the sequence (RASP&apos;s hist)</source>
        <translation>在每个位置统计该词元在序列中出现的次数（RASP 的 hist）</translation>
    </message>
    <message>
        <source>predict the next token; a segment copied later can be completed from its source</source>
        <translation>预测下一个词元；之后重复出现的片段可以照着原片段补全</translation>
    </message>
    <message>
        <source>a sentence&apos;s polarity is its adjective&apos;s, flipped by not/never/no 1-3 words before</source>
        <translation>句子的极性取自其形容词，若前面 1-3 个词内有 not/never/no 则翻转</translation>
    </message>
    <message>
        <source>parameter &apos;%1&apos; of %2 must be in [%3, %4], got %5</source>
        <translation>%2 的参数 &apos;%1&apos; 必须在 [%3, %4] 内，实际为 %5</translation>
    </message>
    <message>
        <source>unknown parameter &apos;%1&apos; for %2 (it has no parameters)</source>
        <translation>%2 没有参数 &apos;%1&apos;（它没有参数）</translation>
    </message>
    <message>
        <source>unknown parameter &apos;%1&apos; for %2 (known: %3)</source>
        <translation>%2 没有参数 &apos;%1&apos;（已知：%3）</translation>
    </message>
    <message>
        <source>hidden %1</source>
        <translation>隐藏层 %1</translation>
    </message>
    <message>
        <source>block %1 gate</source>
        <translation>块 %1 门控</translation>
    </message>
    <message>
        <source>CPU requested</source>
        <translation>已指定 CPU</translation>
    </message>
    <message>
        <source>Vulkan requested: %1</source>
        <translation>已指定 Vulkan：%1</translation>
    </message>
    <message>
        <source>auto: GPU %1 passed the self-check</source>
        <translation>自动：GPU %1 通过了自检</translation>
    </message>
    <message>
        <source>Vulkan requested but unavailable (%1); using the CPU</source>
        <translation>已指定 Vulkan 但不可用（%1）；改用 CPU</translation>
    </message>
    <message>
        <source>auto: no usable GPU (%1); using the CPU</source>
        <translation>自动：没有可用的 GPU（%1）；改用 CPU</translation>
    </message>
    <message>
        <source>no Vulkan loader (%1)</source>
        <translation>没有 Vulkan 加载器（%1）</translation>
    </message>
    <message>
        <source>no Vulkan device found</source>
        <translation>没有找到 Vulkan 设备</translation>
    </message>
    <message>
        <source>no suitable Vulkan device; found %1</source>
        <translation>没有合适的 Vulkan 设备；找到的是 %1</translation>
    </message>
    <message>
        <source>self-check failed on %1: %2</source>
        <translation>%1 上的自检失败：%2</translation>
    </message>
    <message>
        <source>the Vulkan backend failed while starting</source>
        <translation>Vulkan 后端启动时出错</translation>
    </message>
    <message>
        <source>the Vulkan backend failed while starting: %1</source>
        <translation>Vulkan 后端启动时出错：%1</translation>
    </message>
    <message>
        <source>the Vulkan backend failed for an unknown reason</source>
        <translation>Vulkan 后端因未知原因失败</translation>
    </message>
    <message>
        <source>the Vulkan loader has no vkGetInstanceProcAddr</source>
        <translation>Vulkan 加载器没有 vkGetInstanceProcAddr</translation>
    </message>
    <message>
        <source>the Vulkan driver lacks %1</source>
        <translation>Vulkan 驱动缺少 %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>vkCreateInstance failed: %1 (no usable Vulkan driver installed)</source>
        <translation>vkCreateInstance 失败：%1（没有安装可用的 Vulkan 驱动）</translation>
    </message>
    <message>
        <source>discrete GPU</source>
        <translation>独立 GPU</translation>
    </message>
    <message>
        <source>integrated GPU</source>
        <translation>集成 GPU</translation>
    </message>
    <message>
        <source>virtual GPU</source>
        <translation>虚拟 GPU</translation>
    </message>
    <message>
        <source>CPU device</source>
        <translation>CPU 设备</translation>
    </message>
    <message>
        <source>other device</source>
        <translation>其他设备</translation>
    </message>
    <message>
        <source>no compute queue</source>
        <translation>没有计算队列</translation>
    </message>
    <message>
        <source>used only when the Vulkan backend is asked for by name</source>
        <translation>仅在明确指定 Vulkan 后端时使用</translation>
    </message>
    <message>
        <source>Mix (learned)</source>
        <translation>混合（可学习）</translation>
    </message>
    <message>
        <source>your own text (--text FILE): predict the next character, a tiny language model</source>
        <translation>你自己的文本（--text FILE）：预测下一个字符，一个微型语言模型</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>training stopped at step %1 of %2</source>
        <translation>训练停在第 %1 步（共 %2 步）</translation>
    </message>
    <message>
        <source>could not write the screenshot to %1</source>
        <translation>无法把截图写入 %1</translation>
    </message>
    <message>
        <source>Try &apos;actlab --help&apos;.</source>
        <translation>请尝试 &apos;actlab --help&apos;。</translation>
    </message>
    <message>
        <source>--session: no such file &quot;%1&quot;.</source>
        <translation>--session：没有文件“%1”。</translation>
    </message>
    <message>
        <source>Cannot open the lesson</source>
        <translation>无法打开课程</translation>
    </message>
    <message>
        <source>no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); --screenshot FILE and --handout FILE work without one</source>
        <translation>没有可以打开窗口的显示器（DISPLAY 和 WAYLAND_DISPLAY 均未设置）；--screenshot FILE 和 --handout FILE 不需要显示器</translation>
    </message>
</context>
</TS>
